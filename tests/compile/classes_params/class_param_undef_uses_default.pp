class c(String $p = 'dflt', Optional[String] $q = 'qd') {
  notify { 'c': message => [$p, $q] }
}
class { 'c': p => undef, q => undef }
