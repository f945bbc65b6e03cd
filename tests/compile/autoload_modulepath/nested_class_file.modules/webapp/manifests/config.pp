class webapp::config { file { '/etc/webapp.yaml': ensure => file } }
