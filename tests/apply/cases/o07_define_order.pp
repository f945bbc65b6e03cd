# Resources inside defines are ordered by where the define is declared;
# require between define instances.
$s = $facts['sandbox']
define step() {
  exec { "${title}-1": command => "/bin/sh -c 'echo ${title}-1 >> ${facts['sandbox']}/log'" }
  exec { "${title}-2": command => "/bin/sh -c 'echo ${title}-2 >> ${facts['sandbox']}/log'" }
}
step { 'c': require => Step['a'] }
step { 'b': }
step { 'a': }
exec { 'last': command => "/bin/sh -c 'echo last >> ${s}/log'" }
