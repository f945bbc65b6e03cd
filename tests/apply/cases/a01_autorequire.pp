# Autorequire: an exec after its cwd and its script; a link after its
# target; deep files after the nearest managed parent.
$s = $facts['sandbox']
exec { 'run-script': command => "${s}/bin/script.sh", cwd => "${s}/bin", creates => "${s}/bin/ran" }
file { "${s}/bin/script.sh": ensure => file, mode => '0755', content => "#!/bin/sh\ntouch ran\n" }
file { "${s}/bin": ensure => directory }
file { "${s}/link": ensure => link, target => "${s}/real" }
file { "${s}/real": ensure => file, content => 'r' }
file { "${s}/a/b/c/deep": ensure => file, content => 'deep' }
file { "${s}/a": ensure => directory }
file { "${s}/a/b": ensure => directory }
file { "${s}/a/b/c": ensure => directory }
