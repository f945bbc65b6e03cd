# A small site: run it with `kuppet apply examples/site.pp --root /tmp/kuppet-demo`
# (every path lives under --root; facts are gathered from this machine).
class motd (String $message = "Welcome to ${facts['networking']['hostname']}") {
  file { '/etc/motd':
    ensure  => file,
    content => "${message}\n",
    mode    => '0644',
  }
}

class app (Integer[1] $workers = $facts['processors']['count']) {
  file { ['/srv', '/srv/app']: ensure => directory }
  file { '/srv/app/app.ini':
    ensure  => file,
    content => "[app]\nworkers = ${workers}\n",
  }
  ~> notify { 'app config changed: restart the app': }
}

file { '/etc': ensure => directory }
include motd
class { 'app': workers => 4 }
Class['motd'] -> Class['app']
