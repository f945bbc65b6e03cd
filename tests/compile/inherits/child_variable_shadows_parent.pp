class base { $v = 'base' }
class child inherits base {
  $v = 'child'
  notify { 'v': message => [$v, $base::v, $child::v] }
}
include child
