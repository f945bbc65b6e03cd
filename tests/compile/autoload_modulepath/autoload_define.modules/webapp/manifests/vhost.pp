define webapp::vhost (Integer $port = 80) {
  file { "/etc/webapp/vhosts/${title}": content => "port=${port}\n" }
}
