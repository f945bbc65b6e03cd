$vhosts = { 'site1' => ['80', '443'], 'site2' => ['8080'] }
$vhosts.each |$site, $ports| {
  $ports.each |$port| {
    file { "/etc/nginx/sites/${site}_${port}.conf": ensure => file, content => "listen ${port};\n" }
  }
}
