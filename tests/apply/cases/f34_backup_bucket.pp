# backup to a filebucket name, and replacing a link with backups.
$s = $facts['sandbox']
file { "${s}/bucketed": ensure => file, content => "new\n", backup => 'main' }
file { "${s}/link-backup": ensure => file, content => "was link\n", backup => '.bak' }
