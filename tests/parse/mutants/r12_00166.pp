$x = /^^(buster|2?10\.)/
