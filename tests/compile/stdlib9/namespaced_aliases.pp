# stdlib 9's stdlib:: names of functions stdlib 8 has under the old name.
notify { 'json': message => stdlib::to_json({'a' => [1, 'b']}) }
notify { 'jsonp': message => stdlib::to_json_pretty({'a' => [1, 'b']}) }
notify { 'yaml': message => stdlib::to_yaml({'a' => [1, 'b']}) }
notify { 'merge': message => stdlib::merge({'a' => 1}, {'b' => 2}, undef, '') }
notify { 'type': message => String(stdlib::type_of([1])) }
notify { 'shell': message => stdlib::shell_escape('a b') }
notify { 'sw': message => 'abc'.stdlib::start_with('ab') }
notify { 'frs': message => stdlib::fqdn_rand_string(10) }
notify { 'frot': message => stdlib::fqdn_rotate([1, 2, 3, 4, 5]) }
notify { 'osv': message => stdlib::os_version_gte('Debian', '10') }
notify { 'mergeb': message => stdlib::merge(['a', 'b']) |$acc, $v| { { $v => 1 } } }
