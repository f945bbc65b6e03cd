class t (Tuple[String, Integer] $pair = ['a', 1]) { notify { 't': message => $pair } }
class { 't': pair => ['b', 2] }
