# Run stages: everything in stage pre before main, post after.
$s = $facts['sandbox']
stage { 'pre': before => Stage['main'] }
stage { 'post': require => Stage['main'] }
class early($s) { exec { 'early': command => "/bin/sh -c 'echo early >> ${s}/log'" } }
class late($s) { exec { 'late': command => "/bin/sh -c 'echo late >> ${s}/log'" } }
class { 'late': s => $s, stage => 'post' }
exec { 'main': command => "/bin/sh -c 'echo main >> ${s}/log'" }
class { 'early': s => $s, stage => 'pre' }
