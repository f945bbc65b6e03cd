node default {
  tag 'nodetag'
  notify { 'n': message => [tagged('nodetag'), tagged('default'), tagged('node')] }
}
