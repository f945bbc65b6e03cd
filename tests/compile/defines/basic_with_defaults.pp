define apache::vhost (
  Integer $port = 80,
  String $docroot = "/var/www/${title}",
  Optional[String] $ssl_cert = undef,
) {
  file { "/etc/apache2/sites-available/${title}.conf":
    ensure  => file,
    content => "port ${port} root ${docroot} ssl [${ssl_cert}]\n",
  }
}
apache::vhost { 'example.org': }
apache::vhost { 'shop.example.org': port => 443, ssl_cert => '/etc/ssl/shop.pem' }
