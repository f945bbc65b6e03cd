# tidy with a backup suffix: removed files are copied aside first; matches
# keeps the backups out of the next run's selection.
$d = "${facts['sandbox']}/spool"
tidy { $d:
  recurse => true,
  matches => '*.tmp',
  backup  => '.bak',
}
