# A define instance with notify: any change inside it refreshes the target;
# a define instance with subscribe: its execs refresh when the source changes.
$s = $facts['sandbox']
define conf($v) { file { "${facts['sandbox']}/${title}": ensure => file, content => $v } }
conf { 'one': v => '1', notify => Exec['reload'] }
conf { 'two': v => '2' }
exec { 'reload': command => "/bin/sh -c 'echo reload >> ${s}/log'", refreshonly => true }
define runner() { exec { "run-${title}": command => "/bin/sh -c 'echo ${title} >> ${facts['sandbox']}/log'", refreshonly => true } }
runner { 'r': subscribe => Conf['two'] }
