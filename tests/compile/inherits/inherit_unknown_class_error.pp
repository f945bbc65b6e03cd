class child inherits nosuch { }
include child
