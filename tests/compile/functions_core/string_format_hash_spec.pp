$f = { Integer => '%x', String => '%p', Array => { 'format' => '%(a', 'separator' => ';' } }
notify { 'n': message => [String([1, 'a', 255], $f), String(16, {Integer => '%o'}), String([[1, 2], [3]], '%[a')] }
