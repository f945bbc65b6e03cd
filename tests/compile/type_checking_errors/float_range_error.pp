class c (Float[0.0, 1.0] $f) { }
class { 'c': f => 1.5 }
