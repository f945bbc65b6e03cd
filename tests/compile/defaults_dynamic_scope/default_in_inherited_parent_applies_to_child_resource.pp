class base { File { owner => 'root' } }
class child inherits base { file { '/x': } }
include child
