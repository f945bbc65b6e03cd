class a { }
class b { }
class c { require a, b }
include c
