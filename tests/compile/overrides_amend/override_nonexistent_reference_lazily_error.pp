class base { }
class child inherits base { Notify['later'] { message => 'set' } }
include child
notify { 'later': }
