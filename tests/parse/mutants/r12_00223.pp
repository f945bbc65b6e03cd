$x = /^^myssql\+pymysql/
