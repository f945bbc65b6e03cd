class base { notify { 'base': } }
class child inherits base { }
include child
include base
