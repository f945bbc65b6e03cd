# Relationships through an empty class and an empty define still order.
$s = $facts['sandbox']
class empty { }
define nothing() { }
include empty
nothing { 'n': }
exec { 'b': command => "/bin/sh -c 'echo b >> ${s}/log'", require => Class['empty'] }
exec { 'a': command => "/bin/sh -c 'echo a >> ${s}/log'", before => Class['empty'] }
exec { 'c': command => "/bin/sh -c 'echo c >> ${s}/log'", require => Nothing['n'] }
exec { 'd': command => "/bin/sh -c 'echo d >> ${s}/log'", before => Nothing['n'] }
Exec['b'] ~> Nothing['n']
