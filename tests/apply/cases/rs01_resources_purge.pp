# The resources type, run safely on a real host: users above a limit no
# account here reaches are purged (none), a type that cannot be listed is
# refused. Purging real accounts is exercised with stand-in tools
# (tests/apply_providers.rs: resources_purge_removes_unmanaged_users_and_groups).
resources { 'user':
  purge              => true,
  unless_system_user => 4294967000,
  unless_uid         => [0, '65534'],
}
resources { 'group':
  purge => false,
}
user { 'root':
  ensure => present,
}
notify { 'done':
  require => Resources['user'],
}
