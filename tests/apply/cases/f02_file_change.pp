# Existing files: content and mode changes, replace => false, symbolic modes.
$s = $facts['sandbox']
file { "${s}/content": ensure => file, content => "new\n" }
file { "${s}/mode": ensure => file, content => "same\n", mode => '0600' }
file { "${s}/both": content => "new\n", mode => '0640' }
file { "${s}/noreplace": ensure => file, content => "replaced\n", replace => false, mode => '0644' }
file { "${s}/symbolic": mode => 'go-w' }
file { "${s}/dir": ensure => directory, mode => '0755' }
file { "${s}/unmanaged-mode": mode => '0600' }
