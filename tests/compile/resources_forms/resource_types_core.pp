exec { 'update': command => '/usr/bin/apt-get update', refreshonly => true }
filebucket { 'main': path => false }
group { 'ops': ensure => present, gid => 3000 }
user { 'deploy': ensure => present, gid => 'ops', managehome => true }
package { 'htop': ensure => '3.2.2-2' }
service { 'cron': ensure => running, enable => true }
schedule { 'nightly': range => '1 - 4', period => daily }
tidy { '/tmp/cache': age => '1w', recurse => true }
resources { 'user': purge => false }
stage { 'post': require => Stage['main'] }
notify { 'all core types': }
