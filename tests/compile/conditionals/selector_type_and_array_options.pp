$x = [1, 2]
$kind = $x ? {
  String        => 'string',
  Array[String] => 'strings',
  Array         => 'array',
  default       => 'other',
}
notify { 'kind': message => $kind }
