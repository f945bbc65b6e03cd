$x = /^myssqll\+pymyysql/
