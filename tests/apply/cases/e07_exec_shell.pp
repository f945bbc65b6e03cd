# The shell provider runs any line through /bin/sh, unqualified or not.
$s = $facts['sandbox']
exec { 'shell': command => "echo shelled > ${s}/out && echo more >> ${s}/out", provider => shell, creates => "${s}/out" }
exec { 'plain-words': command => "/usr/bin/touch ${s}/w1 ${s}/w2", creates => "${s}/w1" }
