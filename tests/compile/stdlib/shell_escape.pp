# stdlib: one value quoted for a shell
notify { 'shell_escape 1': message => shell_escape('a b') }
notify { 'shell_escape 2': message => shell_escape("it's") }
notify { 'shell_escape 3': message => shell_escape('') }
notify { 'shell_escape 4': message => shell_escape(12) }
notify { 'shell_escape 5': message => shell_escape(undef) }
notify { 'shell_escape 6': message => shell_escape(['a b']) }
