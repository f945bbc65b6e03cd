case 'abc' {
  Regexp: { $r = 'regexp' }
  Pattern[/b/]: { $r = 'pattern' }
  default: { $r = 'none' }
}
notify { 'n': message => $r }
