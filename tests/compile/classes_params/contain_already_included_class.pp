class lib { package { 'lib': } }
class app { contain lib }
include lib
include app
