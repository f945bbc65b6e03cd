webapp::vhost { 'site.example': port => 8443 }
