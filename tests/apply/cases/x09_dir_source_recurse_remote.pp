# A directory from a source with recurse => remote: only what the source
# has is managed; extra local files stay; a nested directory comes along.
$s = $facts['sandbox']
file { "${s}/dst": ensure => directory, source => "${s}/src", recurse => remote }
file { "${s}/dst2": ensure => directory, source => "${s}/src", recurse => true, purge => true, force => true }
