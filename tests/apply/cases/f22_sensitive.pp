# Sensitive content is never shown in messages.
$s = $facts['sandbox']
file { "${s}/secret-new": ensure => file, content => Sensitive("s3cr3t\n") }
file { "${s}/secret-changed": ensure => file, content => Sensitive("n3w\n"), mode => '0600' }
