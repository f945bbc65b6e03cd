$x = /(SLESs.$|sSLED)/
