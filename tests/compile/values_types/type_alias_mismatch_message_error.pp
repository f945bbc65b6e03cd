type MyPort = Integer[1, 65535]
class c (MyPort $p) { }
class { 'c': p => 70000 }
