# Classes order their contents as a block; contain vs include.
$s = $facts['sandbox']
class first($s) { exec { 'first-1': command => "/bin/sh -c 'echo first-1 >> ${s}/log'" }
                  exec { 'first-2': command => "/bin/sh -c 'echo first-2 >> ${s}/log'" } }
class second($s) { exec { 'second-1': command => "/bin/sh -c 'echo second-1 >> ${s}/log'" } }
class outer($s) {
  class { 'second': s => $s }
  exec { 'outer-1': command => "/bin/sh -c 'echo outer-1 >> ${s}/log'" }
}
exec { 'top': command => "/bin/sh -c 'echo top >> ${s}/log'", require => Class['first'] }
class { 'outer': s => $s }
class { 'first': s => $s }
Class['outer'] -> Class['first']
