class c { }
class { 'c': nosuch => 1 }
