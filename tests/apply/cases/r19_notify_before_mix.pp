# before and notify to the same target, require and subscribe from the
# same source: one refresh.
$s = $facts['sandbox']
file { "${s}/a": ensure => file, content => 'a', before => Exec['x'], notify => Exec['x'] }
exec { 'x': command => "/bin/sh -c 'echo x >> ${s}/log'", refreshonly => true, require => File["${s}/b"], subscribe => File["${s}/b"] }
file { "${s}/b": ensure => file, content => 'b' }
