$x = /(?i:SCHEMA$)/
