class c ($x = 1) { notify { 'inner': } }
notify { 'first': }
class { 'c': x => 2, require => Notify['first'], tag => 'extra', noop => true }
