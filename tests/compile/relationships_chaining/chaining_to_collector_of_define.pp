define cfg::snippet { file { "/etc/snip/${title}": } }
cfg::snippet { ['a', 'b']: }
package { 'base': } -> Cfg::Snippet <| |>
