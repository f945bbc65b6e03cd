# stdlib's anchor responds to refresh (its type's refresh does nothing):
# an event through it is "Triggered 'refresh'" and passes on.
$dir = $facts['sandbox']
file { "${dir}/trigger": ensure => file, content => "x\n" }
~> anchor { 'an01::end': }
~> exec { 'after the anchor':
  command     => "/bin/sh -c 'echo refreshed >> ${dir}/log'",
  refreshonly => true,
}
