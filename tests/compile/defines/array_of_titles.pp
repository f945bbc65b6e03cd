define mkdir_p { file { $title: ensure => directory } }
mkdir_p { ['/srv/a', '/srv/b', '/srv/c']: }
