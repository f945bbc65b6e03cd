class t (Tuple[String, Integer] $pair) { }
class { 't': pair => ['b', 'c'] }
