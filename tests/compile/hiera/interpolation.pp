# Interpolation in data values: scope variables and facts, trusted facts,
# lookup()/hiera()/alias()/literal()/scope(), missing values, hash keys.
$ip_var = 'top scope var'
$keys = ['ip::fqdn', 'ip::cert', 'ip::ref', 'ip::hiera_ref', 'ip::alias', 'ip::literal', 'ip::scope',
  'ip::missing', 'ip::count', 'ip::hash', 'ip::var']
$keys.each |$k| {
  notify { $k: message => String(lookup($k)) }
}
