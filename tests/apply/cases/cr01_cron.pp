# cron jobs through the crontab provider (the stand-in crontab keeps each
# user's crontab in the sandbox): time fields, names of days and months,
# ranges and steps, environment, special, another user, a job adopted by
# command and time, changes and removal.
cron { 'kuppet-basic': command => '/bin/true', minute => 5, user => 'root' }
cron { 'kuppet-full':
  command     => '/usr/bin/backup --all',
  user        => 'root',
  hour        => [2, 4],
  minute      => '*/10',
  weekday     => 'Mon',
  month       => 'jan',
  monthday    => '1-15',
  environment => ['PATH=/bin:/usr/bin', 'MAILTO=ops'],
}
cron { 'kuppet-special': command => 'echo hi', special => 'daily', user => 'daemon' }
cron { 'kuppet-gone': ensure => absent, user => 'root' }
cron { 'kuppet-change': command => '/bin/new', hour => 3, minute => absent, user => 'root' }
cron { 'kuppet-adopt': command => '/bin/matchme', minute => 7, user => 'root' }
