# stdlib 9's deprecated top-level shims of the functions new in stdlib 9.
notify { 'batch': message => batch_escape('a "b"') }
notify { 'ps': message => powershell_escape('a b') }
notify { 'srs': message => seeded_rand_string(6, 'x') }
notify { 'sr': message => seeded_rand(100, 'x') }
