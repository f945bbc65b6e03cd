# An item without type: Puppet refuses the catalog.
debconf { 'tzdata/Areas':
  value => 'Europe',
}
