# lookup() in its forms: name, type, merge, default; an options hash; a
# default block; several names; override and default_values_hash; dotted keys.
$a = lookup('lk::string')
$b = lookup('lk::port', Integer)
$c = lookup('lk::list', Array[String], 'unique')
$d = lookup('lk::hash', Hash, 'hash')
$e = lookup('lk::nested', Hash, 'deep')
$f = lookup('lk::nested', Hash, { 'strategy' => 'deep', 'merge_hash_arrays' => true })
$g = lookup('lk::missing', String, 'first', 'the default')
$h = lookup('lk::missing', undef, undef, undef)
$i = lookup({ 'name' => 'lk::missing', 'default_value' => 'from options' })
$j = lookup('lk::missing', { 'value_type' => String, 'default_value' => 'named options' })
$k = lookup('lk::missing') |$name| { "block for ${name}" }
$l = lookup(['lk::missing', 'lk::string'])
$m = lookup('lk::string', { 'override' => { 'lk::string' => 'overridden' } })
$n = lookup('lk::missing', { 'default_values_hash' => { 'lk::missing' => 'dvh' } })
$o = lookup('lk::deep.key.1')
$p = lookup('lk::nested.a')
$q = lookup('lk::list')
$r = lookup('lk::missing', Optional[String], undef, undef)
$s = lookup(['lk::missing', 'lk::nope']) |$names| { $names }
notify { 'forms':
  message => String({ a => $a, b => $b, c => $c, d => $d, e => $e, f => $f, g => $g, h => $h,
    i => $i, j => $j, k => $k, l => $l, m => $m, n => $n, o => $o, p => $p, q => $q, r => $r, s => $s }),
}
