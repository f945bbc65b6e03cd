$x = /^^(jessie|8\.)/
