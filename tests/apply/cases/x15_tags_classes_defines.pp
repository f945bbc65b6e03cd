# --tags naming a class and a define: their contents run; a resource in a
# tagged define that requires an untagged one; class parameters tagged.
$s = $facts['sandbox']
define site::vhost($port) {
  file { "${facts['sandbox']}/vhost-${title}": ensure => file, content => "${port}\n" }
}
class web {
  site::vhost { 'a': port => 80 }
  file { "${facts['sandbox']}/web": ensure => file, content => 'w' }
}
class db { file { "${facts['sandbox']}/db": ensure => file, content => 'd' } }
include web, db
site::vhost { 'b': port => 81, require => File["${s}/plain"] }
file { "${s}/plain": ensure => file, content => 'p' }
