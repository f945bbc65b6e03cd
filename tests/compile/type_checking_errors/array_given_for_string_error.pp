class c (String $s) { }
class { 'c': s => ['a'] }
