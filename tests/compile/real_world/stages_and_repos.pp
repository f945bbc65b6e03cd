stage { 'repos': before => Stage['main'] }
stage { 'final': require => Stage['main'] }
class repos { exec { 'apt-get update': path => ['/usr/bin'] } }
class cleanup { tidy { '/tmp': age => '7d', recurse => 1 } }
class { 'repos': stage => 'repos' }
class { 'cleanup': stage => 'final' }
package { 'git': }
