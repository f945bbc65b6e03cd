class x { }
class x { notify { 'a': } }
include x
