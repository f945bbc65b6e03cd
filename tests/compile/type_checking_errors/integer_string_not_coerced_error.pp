class c (Integer $n) { }
class { 'c': n => '42' }
