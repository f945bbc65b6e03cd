# A noop resource in the middle of a notify chain: it would change, so the
# refresh it would send is not sent; the other source still refreshes.
$s = $facts['sandbox']
file { "${s}/a": ensure => file, content => 'a' }
file { "${s}/b": ensure => file, content => 'b', noop => true, subscribe => File["${s}/a"] }
exec { 'from-b': command => "/usr/bin/touch ${s}/from-b", refreshonly => true, subscribe => File["${s}/b"] }
exec { 'from-a': command => "/usr/bin/touch ${s}/from-a", refreshonly => true, subscribe => File["${s}/a"], noop => true }
file { "${s}/c": ensure => file, content => 'c', require => File["${s}/b"] }
