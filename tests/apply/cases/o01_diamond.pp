# A diamond and independent resources: among ready resources the one
# declared first goes first.
$s = $facts['sandbox']
exec { 'd': command => "/bin/sh -c 'echo d >> ${s}/log'", require => [Exec['b'], Exec['c']] }
exec { 'c': command => "/bin/sh -c 'echo c >> ${s}/log'", require => Exec['a'] }
exec { 'x': command => "/bin/sh -c 'echo x >> ${s}/log'" }
exec { 'b': command => "/bin/sh -c 'echo b >> ${s}/log'", require => Exec['a'] }
exec { 'a': command => "/bin/sh -c 'echo a >> ${s}/log'" }
exec { 'y': command => "/bin/sh -c 'echo y >> ${s}/log'", require => Exec['d'] }
exec { 'z': command => "/bin/sh -c 'echo z >> ${s}/log'" }
