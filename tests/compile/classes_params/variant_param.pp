class v (Variant[String, Array[String]] $servers = 'a') {
  $list = $servers ? { String => [$servers], default => $servers }
  notify { 'v': message => $list }
}
class { 'v': servers => ['x', 'y'] }
