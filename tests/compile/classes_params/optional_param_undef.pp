class opt (Optional[String] $proxy = undef, Optional[Integer] $timeout = 5) {
  notify { 'opt': message => "proxy=[${proxy}] timeout=${timeout}" }
}
class { 'opt': timeout => undef }
