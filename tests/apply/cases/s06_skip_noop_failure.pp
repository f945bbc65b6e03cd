# In noop a resource that would fail (a missing parent) is reported as a
# noop change; its dependents are not skipped.
$s = $facts['sandbox']
file { "${s}/missing/child": ensure => file, content => 'c' }
-> file { "${s}/after": ensure => file, content => 'a' }
