# Resources that depend on, or subscribe to, a tidy: do the removals of the
# generated files reach subscribers? A tidy that removes nothing notifies nobody.
$s = $facts['sandbox']
tidy { "${s}/tmp": recurse => true, matches => '*.old' }
~> exec { 'after-tidy': command => "/bin/sh -c 'echo refreshed >> ${s}/log'", refreshonly => true }
tidy { "${s}/empty": recurse => true }
~> exec { 'after-empty': command => "/bin/sh -c 'echo empty >> ${s}/log'", refreshonly => true }
notify { 'done': require => Tidy["${s}/tmp"] }
file { "${s}/tmp/new.old": ensure => file, content => 'new', require => Tidy["${s}/tmp"] }
