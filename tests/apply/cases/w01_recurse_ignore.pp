# Source copy with purge and ignore patterns: ignored names are neither
# copied nor purged.
$s = $facts['sandbox']
file { "${s}/copy":
  ensure  => directory,
  source  => "${s}/src",
  recurse => true,
  purge   => true,
  force   => true,
  ignore  => ['*.tmp', 'skip'],
}
