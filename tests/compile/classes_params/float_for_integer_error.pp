class n (Integer $count) { }
class { 'n': count => 1.5 }
