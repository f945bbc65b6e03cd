class base ($needed) { }
class child inherits base { }
include child
