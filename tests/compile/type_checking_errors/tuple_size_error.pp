class c (Tuple[String, Integer] $t) { }
class { 'c': t => ['a', 1, 2] }
