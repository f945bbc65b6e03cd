define d::e { notify { "d ${title}": } }
class c { d::e { 'x': } }
class { 'c': tag => 'ctag' }
