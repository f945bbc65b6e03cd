# Resources waiting on a class are taken in manifest order once it is done.
$s = $facts['sandbox']
class gate { exec { 'gate': command => "/bin/sh -c 'echo gate >> ${facts['sandbox']}/log'" } }
exec { 'w1': command => "/bin/sh -c 'echo w1 >> ${s}/log'", require => Class['gate'] }
exec { 'free1': command => "/bin/sh -c 'echo free1 >> ${s}/log'" }
exec { 'w2': command => "/bin/sh -c 'echo w2 >> ${s}/log'", require => Class['gate'] }
include gate
exec { 'free2': command => "/bin/sh -c 'echo free2 >> ${s}/log'" }
