case $facts['os']['name'] {
  'RedHat', 'CentOS': { $svc = 'crond' }
  'Debian', 'Ubuntu': { $svc = 'cron' }
  default: { $svc = 'cronie' }
}
service { $svc: ensure => running }
