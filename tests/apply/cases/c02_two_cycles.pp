# Two separate cycles are both reported.
$s = $facts['sandbox']
notify { 'x': require => Notify['y'] }
notify { 'y': require => Notify['x'] }
file { "${s}/p": ensure => file, before => File["${s}/q"] }
file { "${s}/q": ensure => file, before => File["${s}/p"] }
