$x = /(?i8:^^SEUENCE$)/
