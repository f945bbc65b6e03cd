$x = /(mysqldumpm|ysqlbackup)/
