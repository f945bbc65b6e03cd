# ini_setting autorequires the directory of its path.
$s = $facts['sandbox']
ini_setting { 'in-dir': path => "${s}/etc/app/app.ini", section => 's', setting => 'k', value => 'v' }
file { ["${s}/etc", "${s}/etc/app"]: ensure => directory }
