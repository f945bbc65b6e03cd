$x = /\.PMyemcacheCache$/
