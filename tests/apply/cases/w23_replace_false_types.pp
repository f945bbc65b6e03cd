# replace => false where the existing path is of another type or a file
# whose mode differs; the content is never rewritten.
$s = $facts['sandbox']
file { "${s}/was-link": ensure => file, content => 'new', replace => false }
file { "${s}/same-mode": ensure => file, content => 'new', replace => false, mode => '0644' }
file { "${s}/source-kept": ensure => file, source => "${s}/src", replace => false, mode => '0600' }
file { "${s}/empty": ensure => file, content => 'filled', replace => false }
