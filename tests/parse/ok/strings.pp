$single = 'it\'s plain: $not_interpolated \n stays'
$single_escapes = 'a \'quote\' and a \\ backslash'
$double = "tab\there\nnewline \"quoted\" \$dollar \\ back \s space \u00e9 \u{1F600}"
$name = 'world'
$hello = "hello $name"
$braced = "hello ${name}!"
$expr = "sum: ${1 + 2}"
$access = "first: ${facts['os']['family']} and ${x[0]}"
$method = "upper: ${name.upcase}"
$qualified = "fqdn: $::fqdn and ${::os::family} and $a::b"
$numbered = "match: $0 ${1}"
$dollar_alone = "costs $ 5 and $"
$nested = "outer ${ "inner ${name}" } done"
$empty = ""
$multiline = "line one
line two"
