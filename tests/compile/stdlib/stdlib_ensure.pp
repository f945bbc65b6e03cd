# stdlib: ensure values per resource type
notify { 'stdlib_ensure 1': message => stdlib::ensure(true, 'package') }
notify { 'stdlib_ensure 2': message => stdlib::ensure(false, 'package') }
notify { 'stdlib_ensure 3': message => stdlib::ensure('present', 'service') }
notify { 'stdlib_ensure 4': message => stdlib::ensure('absent', 'service') }
notify { 'stdlib_ensure 5': message => stdlib::ensure(true, 'directory') }
notify { 'stdlib_ensure 6': message => stdlib::ensure('absent', 'file') }
notify { 'stdlib_ensure 7': message => stdlib::ensure(true, 'link') }
