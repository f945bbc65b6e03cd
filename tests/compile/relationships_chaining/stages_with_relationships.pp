stage { 'pre': before => Stage['main'] }
stage { 'post': }
Stage['main'] -> Stage['post']
class a { notify { 'in a': } }
class b { notify { 'in b': } }
class { 'a': stage => 'pre' }
class { 'b': stage => post }
notify { 'main one': }
