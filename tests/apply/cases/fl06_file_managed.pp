# A file_line autorequires the file resource of its path: the file is written
# first, then the line appended — so every run changes both.
$s = $facts['sandbox']
file_line { 'motd': path => "${s}/motd", line => 'extra line' }
file { "${s}/motd": content => "managed\n", mode => '0600' }
file_line { 'sub': path => "${s}/dir/f", line => 'in a new dir' }
file { "${s}/dir": ensure => directory }
file { "${s}/dir/f": ensure => file }
