class ok { notify { 'ok': } }
include ok
class bad {
  $x = 'a'
  $x = 'b'
}
include bad
