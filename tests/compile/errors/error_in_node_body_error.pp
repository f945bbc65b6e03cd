node default {
  $x = [1] + 1
  notify { 'n': message => $x['a'] }
}
