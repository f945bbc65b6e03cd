class a {
  include b
  Notify { message => 'from a' }
}
class b { notify { 'in b': } }
include a
