class c (Variant[Integer, Enum['auto']] $n) { }
class { 'c': n => 'manual' }
