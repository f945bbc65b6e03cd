# tag() before include: the class is declared after the define has the tag,
# so the class and its resources take it.
class c { notify { 'in_c': } }
define d() {
  tag('early')
  include c
}
d { 'x': }
