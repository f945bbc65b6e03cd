class c (Optional[String] $x = 'default', $y = 'dy') { notify { 'n': message => [$x, $y] } }
class { 'c': x => undef, y => undef }
