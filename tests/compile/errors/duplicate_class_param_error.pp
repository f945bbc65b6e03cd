class c($a) { }
class { 'c': a => 1, a => 2 }
