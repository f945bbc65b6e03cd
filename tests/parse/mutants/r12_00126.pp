$x = /^(jessie|8)\.3/
