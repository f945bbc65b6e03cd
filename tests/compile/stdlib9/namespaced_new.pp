# stdlib 9's functions new under stdlib:: (no stdlib 8 counterpart).
notify { 'crc': message => stdlib::crc32('hello') }
notify { 'ext': message => stdlib::extname('/a/b.tar.gz') }
notify { 'nv': message => stdlib::nested_values({'a' => 1, 'b' => {'c' => 2, 'd' => {'e' => 3}}, 'f' => 4}) }
notify { 'xml': message => stdlib::xml_encode('a<b>&"c"') }
notify { 'xmla': message => stdlib::xml_encode('a<b>&"c"', 'attr') }
notify { 'batch': message => stdlib::batch_escape('a "b" $c \d') }
notify { 'ps': message => stdlib::powershell_escape('a "b" $c|d') }
notify { 'sr': message => stdlib::seeded_rand(1000, 'seed') }
notify { 'srs': message => stdlib::seeded_rand_string(12, 'seed') }
notify { 'srs2': message => stdlib::seeded_rand_string(8, 'other', 'ab') }
notify { 'sha': message => stdlib::sha256(42) }
notify { 'sha2': message => stdlib::sha256('abc') }
notify { 'crc_sens': message => stdlib::crc32(Sensitive('hello')) }
notify { 'ext2': message => [stdlib::extname('.bashrc'), stdlib::extname('a.d/b'), stdlib::extname('x.')] }
