# shellquote: the empty word and undef become `""` (puppet-jenkins'
# slave defaults: `shellquote($ui_user)` with no user); a word with both a
# single quote and a dangerous character is double-quoted with the
# dangerous characters escaped.
notify { 'empty': message => [shellquote(undef), shellquote(''), shellquote('a', undef, ''), shellquote([]), shellquote()] }
notify { 'both': message => [shellquote("a'b\$c"), shellquote("a'b\"c"), shellquote("it's"), shellquote('x"y'), shellquote("q'`!\\")] }
