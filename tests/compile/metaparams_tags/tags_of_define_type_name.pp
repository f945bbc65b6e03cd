define apache::vhost { file { "/etc/apache2/${title}": } }
apache::vhost { 'site': }
