# Three stages chained with ->, classes in each, and main in the middle.
$s = $facts['sandbox']
stage { 'first': }
stage { 'last': }
Stage['first'] -> Stage['main'] -> Stage['last']
class a { exec { 'a': command => "/bin/sh -c 'echo a >> ${facts['sandbox']}/log'" } }
class b { exec { 'b': command => "/bin/sh -c 'echo b >> ${facts['sandbox']}/log'" } }
class { 'b': stage => 'last' }
class { 'a': stage => 'first' }
exec { 'm': command => "/bin/sh -c 'echo m >> ${s}/log'" }
