notify {
  default: message => 'x';
  default: message => 'y';
  'a': ;
}
