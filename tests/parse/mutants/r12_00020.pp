$x = /(?apkgps/
