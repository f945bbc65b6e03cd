$x = /^mysql\+pymysqlp/
