Resource['file'] { '/tmp/abstract': ensure => file }
Resource[Package] { 'tree': ensure => installed }
$t = 'service'
Resource[$t] { 'cron': ensure => running }
