class base { }
class derived inherits base { }
include derived
