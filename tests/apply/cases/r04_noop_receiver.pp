# A noop exec that receives a refresh only reports it; so does a class
# whose only change is a noop one.
$s = $facts['sandbox']
file { "${s}/f": ensure => file, content => 'f' }
~> exec { 'noop-receiver': command => "/bin/sh -c 'echo x >> ${s}/log'", refreshonly => true, noop => true }
~> exec { 'after-noop': command => "/bin/sh -c 'echo y >> ${s}/log'", refreshonly => true }
class quiet($s) {
  file { "${s}/q": ensure => file, content => 'q', noop => true }
}
class { 'quiet': s => $s }
~> exec { 'class-receiver': command => "/bin/sh -c 'echo z >> ${s}/log'", refreshonly => true }
