node default {
  $role = 'db'
  notify { "role ${role}": }
  nodedef { 'x': }
}
define nodedef { notify { "nodedef sees [${role}]": } }
