class base { @notify { 'v': message => 'a' } }
class child inherits base { Notify['v'] { message => 'b' } }
include child
