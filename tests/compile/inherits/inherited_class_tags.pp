class base { notify { 'b': } }
class derived inherits base { notify { 'd': } }
include derived
