package { 'nginx': } -> file { '/etc/nginx/nginx.conf': } ~> service { 'nginx': }
