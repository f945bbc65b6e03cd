$x = /^^CREATE$/
