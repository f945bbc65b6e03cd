stage { 'first': before => Stage['main'] }
stage { 'last': }
Stage['main'] -> Stage['last']
class pre { notify { 'pre': } }
class post { notify { 'post': } }
class { 'pre': stage => first }
class { 'post': stage => 'last' }
notify { 'main': }
