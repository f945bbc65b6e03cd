# stdlib: arguments quoted for a shell
notify { 'shell_join 1': message => shell_join(['a b', "it's", 'x$y', '', 'ok-1.2,:+/@', "new\nline", 1, undef, true]) }
notify { 'shell_join 2': message => shell_join([]) }
