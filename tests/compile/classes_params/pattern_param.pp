class acct (Pattern[/^[a-z_][a-z0-9_-]*$/] $user = 'deploy') { user { $user: ensure => present } }
class { 'acct': user => 'app_runner' }
