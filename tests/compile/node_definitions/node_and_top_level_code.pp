$top = 'from top'
notify { 'top level': }
node default {
  notify { 'node': message => $top }
}
