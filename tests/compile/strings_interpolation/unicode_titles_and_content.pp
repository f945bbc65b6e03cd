file { '/tmp/café': content => "naïve – ünïcödé ✓\n" }
notify { 'ключ': message => '値' }
