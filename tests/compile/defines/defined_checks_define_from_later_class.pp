define marker { }
class a { marker { 'm': } }
class b { notify { 'b': message => defined(Marker['m']) } }
include a
include b
