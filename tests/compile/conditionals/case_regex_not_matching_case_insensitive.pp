case 'WEB' {
  /web/: { $r = 'regex' }
  'web': { $r = 'string' }
  default: { $r = 'none' }
}
notify { 'n': message => $r }
