# tag() after include: the class was evaluated before tag() ran, so
# Class[C] and its resources do not take the tag (Puppet 7).
class c { notify { 'in_c': } }
define d() {
  include c
  tag('later')
}
d { 'x': }
