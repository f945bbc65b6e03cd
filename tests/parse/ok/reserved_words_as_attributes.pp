exec { 'x':
  unless  => 'true',
  if      => 1,
  class   => 2,
  default => 3,
  node    => 4,
  and     => 5,
  in      => 6,
  type    => 7,
}
