# file_line appends missing lines (a newline is added to a last line without one),
# leaves present ones alone; several resources edit the same file in order.
$s = $facts['sandbox']
file_line { 'present': path => "${s}/hosts", line => '127.0.0.1 localhost' }
file_line { 'new1': path => "${s}/hosts", line => '10.0.0.1 one' }
file_line { 'new2': path => "${s}/hosts", line => '10.0.0.2 two', ensure => present }
file_line { 'spaces': path => "${s}/nonl", line => '  indented  ' }
