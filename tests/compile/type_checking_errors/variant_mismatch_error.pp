class c (Variant[Integer, Boolean] $v) { }
class { 'c': v => 'str' }
