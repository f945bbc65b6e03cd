# Values cross into Ruby and back unchanged.
$s = Sensitive('secret')
$k = rubyfn::kinds(undef, true, 3, 2.5, 'str', [1, [2]], { 'k' => { 'n' => undef } }, /ab+c/, default,
  Integer[1, 2], File['/tmp/x'], Class['foo'], Timespan(3600), Timestamp('2020-01-01T00:00:00.000 UTC'),
  Binary('aGVsbG8='), $s, SemVer('1.2.3'))
$k.each |$i, $pair| {
  notify { "kind_${i}": message => "${pair[0]} ${String($pair[1])}" }
}
notify { 'same': message => $k.map |$p| { $p[1] } == [undef, true, 3, 2.5, 'str', [1, [2]], { 'k' => { 'n' => undef } }, /ab+c/, default,
  Integer[1, 2], File['/tmp/x'], Class['foo'], Timespan(3600), Timestamp('2020-01-01T00:00:00.000 UTC'),
  Binary('aGVsbG8='), $s, SemVer('1.2.3')] }
notify { 'unwrapped': message => $k[15][1].unwrap }
