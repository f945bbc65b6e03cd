$x = /(Z^(jsesie|8\.)/
