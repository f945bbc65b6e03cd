# A template that changes an array or hash of the scope in place (@x << y) changes
# the variable and the attribute it came from, as Puppet hands templates its own
# objects; a resource declaration copies its attribute values.
define v ($list = [], $h = {}, $s = 'x') {
  $out = inline_template("<% a = @list %><% a << 'added' %><% @h['k'] = 1 %><%= @list.length %>")
  notify { "v-${title}": message => [$out, $list, $h] }
}
v { 'one': }
v { 'two': list => ['given'] }
$shared = ['s']
v { 'three': list => $shared }
v { 'four': list => $shared }
notify { 'top': message => $shared }
class c ($opts = { 'a' => 1 }) {
  $local = ['l']
  $o = inline_template("<% @opts['b'] = 2 %><% @local.push('m') %><%= @local.join(',') %>")
  notify { 'c': message => [$o, $opts, $local] }
}
include c
