# ensure => present accepts any existing type; content only syncs on files.
$s = $facts['sandbox']
file { "${s}/a-dir": ensure => present }
file { "${s}/a-dir-with-content": ensure => present, content => 'x' }
file { "${s}/a-file": ensure => present, content => 'new' }
file { "${s}/a-link": ensure => present }
file { "${s}/missing": ensure => present }
