# Changes to existing items: a value, a seen flag alone (the module's
# flush rewrites the value, empty when none is given), an item removed,
# an absent item left absent, and an item created without value or seen
# (nothing is written: it is created again on every run).
debconf { 'tzdata/Areas':
  type  => 'select',
  value => 'Europe',
}
debconf { 'dash/sh':
  type => 'boolean',
  seen => true,
}
debconf { 'exim4/mailname':
  package => 'exim4-config',
  ensure  => absent,
}
debconf { 'nothere/x':
  ensure => absent,
}
debconf { 'novalue/y':
  type => 'string',
}
debconf { 'tzdata/Zones/Asia':
  type  => 'select',
  value => 'Tokyo',
  seen  => 'true',
}
