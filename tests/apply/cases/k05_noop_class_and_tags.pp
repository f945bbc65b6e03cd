$s = $facts['sandbox']
class quiet { file { "${facts['sandbox']}/q": ensure => file, content => 'q' } }
class { 'quiet': noop => true }
file { "${s}/loud": ensure => file, content => 'l' }
notify { 'hello': }
