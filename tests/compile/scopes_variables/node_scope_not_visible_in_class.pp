class probe { notify { 'probe': message => "[${from_node}]" } }
node default {
  $from_node = 'node value'
  include probe
  notify { 'in node': message => $from_node }
}
