# Schedules that always match (a full-day range, every weekday, a period
# with several repeats) and one that never matches by weekday.
$s = $facts['sandbox']
schedule { 'all-day': range => '00:00:00 - 23:59:59' }
schedule { 'every-weekday': weekday => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] }
schedule { 'thrice-hourly': period => hourly, repeat => 3 }
schedule { 'distance': period => daily, periodmatch => distance }
file { "${s}/all-day": ensure => file, content => 'a', schedule => 'all-day' }
file { "${s}/weekday": ensure => file, content => 'w', schedule => 'every-weekday' }
file { "${s}/thrice": ensure => file, content => 't', schedule => 'thrice-hourly' }
file { "${s}/distance": ensure => file, content => 'd', schedule => 'distance' }
exec { 'weekly-exec': command => "/bin/sh -c 'echo run >> ${s}/weekly'", schedule => 'weekly' }
