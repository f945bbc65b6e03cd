# stdlib: ensure_resource from several instances of a define
define profile::user($home) {
  ensure_resource('file', '/home', { 'ensure' => 'directory' })
  ensure_resource('group', 'staff', { 'ensure' => 'present' })
  user { $title: home => "${home}/${title}", groups => ['staff'] }
}
profile::user { ['alice', 'bob']: home => '/home' }
