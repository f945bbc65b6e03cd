class c { }
class { 'c': foo => 'bar' }
