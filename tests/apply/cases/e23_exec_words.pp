# How a command line is run: split on spaces, or through /bin/sh when it has
# shell characters (quotes, =, ~, %, globs).
$s = $facts['sandbox']
Exec { logoutput => true }
exec { 'plain': command => '/bin/echo one two' }
exec { 'quoted': command => '/bin/echo "a  b"' }
exec { 'equals': command => '/bin/echo a=b' }
exec { 'tilde': command => '/bin/echo ~root' }
exec { 'percent': command => '/bin/echo 100%' }
exec { 'glob': command => '/bin/echo /etc/host*' }
exec { 'tab': command => "/bin/echo x\ty" }
exec { 'env-first': command => 'FOO=bar /usr/bin/env' , path => '/usr/bin', unless => '/bin/true' }
