define cron::job (String $command, String $hour = '*') {
  $safe = regsubst($title, '[^a-z0-9]', '_', 'G')
  file { "/etc/cron.d/${safe}": content => "0 ${hour} * * * root ${command}\n" }
}
cron::job { 'Backup Nightly': command => '/usr/local/bin/backup', hour => '2' }
