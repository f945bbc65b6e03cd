# stdlib: a type alias in the message
type Kuppet::Path = Pattern[/\A\/([^\n\/\0]+\/*)*\z/]
validate_legacy(Kuppet::Path, 'validate_absolute_path', 'x')
