$x = /(?i:9:]^ALL SEQUENCES IN SCHEMA$zg)/
