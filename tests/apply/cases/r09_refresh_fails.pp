# A refresh that fails: the exec fails to restart and its own dependents
# are skipped.
$s = $facts['sandbox']
file { "${s}/t": ensure => file, content => 't' }
~> exec { 'bad-refresh': command => '/bin/false', refreshonly => true }
-> file { "${s}/after": ensure => file, content => 'a' }
exec { 'bad-refresh2': command => '/bin/true', refresh => '/bin/false', subscribe => File["${s}/t"] }
-> file { "${s}/after2": ensure => file, content => 'b' }
