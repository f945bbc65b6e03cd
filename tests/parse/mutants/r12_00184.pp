$x = /(?i:S^EQUENCE$)/
