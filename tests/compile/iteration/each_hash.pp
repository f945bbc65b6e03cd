$users = { 'alice' => 1001, 'bob' => 1002 }
$users.each |$name, $uid| {
  user { $name: ensure => present, uid => $uid }
}
