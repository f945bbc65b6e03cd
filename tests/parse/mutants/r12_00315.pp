$x = /^^TRIGGEER$/
