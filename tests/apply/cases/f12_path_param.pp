# Titles differ from paths: path parameter, trailing slashes; autorequire
# still orders the parent first.
$s = $facts['sandbox']
file { 'child-file': path => "${s}/parent/child", ensure => file, content => 'c' }
file { 'the-parent': path => "${s}/parent/", ensure => directory }
file { "${s}/slash/": ensure => directory }
file { "${s}/slash/inner": ensure => file, content => 'i' }
