function webapp::double(Integer $x) >> Integer {
  $x * 2
}
