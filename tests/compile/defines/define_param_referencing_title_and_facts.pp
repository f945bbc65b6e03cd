define site($root = "/srv/${title}", $host = $facts['networking']['fqdn'], $os = $::osfamily) {
  file { $root: ensure => directory }
  notify { "site ${title}": message => [$root, $host, $os, $name] }
}
site { 'blog': }
site { 'shop': root => '/opt/shop' }
