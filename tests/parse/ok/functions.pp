function mymod::add(Integer $a, Integer $b = 1) >> Integer {
  $a + $b
}
function noargs() {
  'x'
}
function rest($first, *$rest) {
  $rest
}
function typed_rest(String *$more) >> Array[String] {
  $more
}
