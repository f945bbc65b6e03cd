# A directory with content: the content is ignored; a file replacing an
# empty directory without force.
$s = $facts['sandbox']
file { "${s}/dir-with-content": ensure => directory, content => 'ignored' }
file { "${s}/empty-dir": ensure => file, content => 'x' }
