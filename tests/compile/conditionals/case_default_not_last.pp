case 'b' {
  default: { $r = 'default' }
  'b': { $r = 'b' }
}
notify { 'r': message => $r }
