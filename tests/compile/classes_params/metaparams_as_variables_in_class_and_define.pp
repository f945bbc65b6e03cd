define d ($x = 1) { notify { "n$title": message => [$x, $tag, $require, $before, $noop, $loglevel, $alias] } }
d { 'a': tag => ['t1','t2'], require => Notify['other'], noop => true, alias => 'al' }
class c ($x = 1) { notify { 'n': message => [$x, $tag, $require, $schedule, $stage] } }
class { 'c': tag => 'mytag', require => Notify['other'] }
notify { 'other': }
