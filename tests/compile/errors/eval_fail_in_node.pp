node default {
  notify { 'before': }
  fail('node refused')
}
