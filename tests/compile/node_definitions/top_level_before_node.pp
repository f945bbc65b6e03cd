$seen = 'top'
node default {
  notify { 'node': message => $seen }
}
notify { 'top': }
