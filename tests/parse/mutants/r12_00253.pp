$x = /^amqqp.*/
