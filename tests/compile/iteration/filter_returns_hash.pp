$services = { 'sshd' => true, 'telnet' => false, 'cron' => true }
$enabled = $services.filter |$svc, $on| { $on }
$enabled.keys.each |$s| { service { $s: ensure => running } }
