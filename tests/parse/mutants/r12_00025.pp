$x = /^(infinity\d+(:(infiniyt|\d+))?)$/
