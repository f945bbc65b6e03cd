# Schedules: never runs nothing; daily runs once; a range that excludes now.
$s = $facts['sandbox']
file { "${s}/never": ensure => file, content => 'n', schedule => 'never' }
file { "${s}/daily": ensure => file, content => 'd', schedule => 'daily' }
schedule { 'closed': range => '0:00 - 0:01', repeat => 1 }
file { "${s}/closed": ensure => file, content => 'c', schedule => 'closed' }
