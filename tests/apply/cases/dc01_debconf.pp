# Items created in a fresh debconf database: values stripped, seen flags
# set or cleared after the value, an array value (its first is written,
# any is in sync); a second run changes nothing.
debconf { 'tzdata/Areas':
  type  => 'select',
  value => 'Asia',
}
debconf { 'tzdata/Zones/Asia':
  type  => 'select',
  value => ' Tokyo ',
  seen  => true,
}
debconf { 'dash/sh':
  type  => 'boolean',
  value => 'true',
  seen  => false,
}
debconf { 'shells':
  item    => 'libc6/restart-services',
  package => 'libc6',
  type    => 'string',
  value   => ['ssh cron', 'cron'],
}
debconf { 'gone/x':
  ensure => absent,
}
