# A type without ensure cannot be purged: Puppet refuses the catalog.
resources { 'notify':
  purge => true,
}
notify { 'after': }
