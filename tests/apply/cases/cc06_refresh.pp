# A change of the concat's file notifies what subscribes to the concat.
$s = $facts['sandbox']
concat { "${s}/conf": }
concat::fragment { 'c': target => "${s}/conf", content => "x\n" }
exec { 'reload': command => "/bin/sh -c 'echo reloaded >> ${s}/log'", refreshonly => true, subscribe => Concat["${s}/conf"] }
