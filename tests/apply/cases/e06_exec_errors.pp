# Commands that cannot run: a missing program, not executable, missing check.
$s = $facts['sandbox']
exec { 'missing': command => '/usr/bin/kuppet-no-such-program' }
exec { 'not-exec': command => '/etc/hostname' }
exec { 'bad-check': command => '/bin/true', onlyif => '/usr/bin/kuppet-no-such-check' }
exec { 'after-missing': command => "/usr/bin/touch ${s}/after", require => Exec['missing'] }
exec { 'fine': command => "/usr/bin/touch ${s}/fine", creates => "${s}/fine" }
