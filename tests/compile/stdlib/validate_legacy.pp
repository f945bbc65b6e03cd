# stdlib: values checked against types
type Kuppet::Path = Pattern[/\A\/([^\n\/\0]+\/*)*\z/]
validate_legacy(String, 'validate_string', 'a')
validate_legacy('Optional[String]', 'validate_string', undef)
validate_legacy(Integer, 'validate_string', 'x')
validate_legacy(Kuppet::Path, 'validate_absolute_path', '/x/y')
validate_legacy(Boolean, 'validate_bool', true)
validate_legacy('Boolean', 'validate_bool', false)
validate_legacy(Hash, 'validate_hash', {})
validate_legacy(Array, 'validate_array', [])
validate_legacy(Pattern[/^\d+$/], 'validate_re', '12', ['^\d+$'])
validate_legacy(Integer[1,3], 'validate_integer', 5)
validate_legacy(Enum['a', 'b'], 'validate_re', 'c', ['^c$'])
$x = validate_legacy(String, 'validate_string', 'a')
notify { 'validate_legacy': message => "ok ${x}" }
