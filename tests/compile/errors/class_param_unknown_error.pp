class c($a = 1) { }
class { 'c':
  a => 2,
  zz => 3,
}
