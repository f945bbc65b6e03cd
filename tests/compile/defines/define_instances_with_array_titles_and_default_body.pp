define d ($v = 'dv') { notify { "n-${title}": message => $v } }
d {
  default: v => 'shared';
  ['a', 'b']: ;
  'c': v => 'own';
}
