notify {
  'a': ;
  default: message => 'shared';
  'b': message => 'own';
}
