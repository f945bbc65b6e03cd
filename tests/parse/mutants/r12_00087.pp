$x = /(mysqldump|mysqlbacku)p/
