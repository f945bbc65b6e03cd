# returns lists and failure messages; a command killed by a signal.
$s = $facts['sandbox']
exec { 'one-of': command => "/bin/sh -c 'exit 1'", returns => [2, 3] }
exec { 'string-return': command => "/bin/sh -c 'exit 5'", returns => '5' }
exec { 'zero-not-ok': command => '/bin/true', returns => 1 }
exec { 'signalled': command => "/bin/sh -c 'kill -9 $$'" }
