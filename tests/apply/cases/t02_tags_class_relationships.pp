# --tags by class: resources of other classes are skipped; a tagged
# resource that notifies an untagged exec; tags set by the tag function.
$s = $facts['sandbox']
class app {
  file { "${facts['sandbox']}/app": ensure => file, content => 'a' }
  ~> exec { 'app-reload': command => "/bin/sh -c 'echo reload >> ${facts['sandbox']}/log'", refreshonly => true }
}
class other { file { "${facts['sandbox']}/other": ensure => file, content => 'o', notify => Exec['outside'] } }
include app, other
exec { 'outside': command => "/bin/sh -c 'echo outside >> ${s}/log'", refreshonly => true }
