class c ($x = 1) { notify { 'n': message => [$x, $tag, $require] } }
class { 'c': tag => 'mytag', require => Notify['other'] }
notify { 'other': }
