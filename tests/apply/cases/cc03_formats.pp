# Structured formats: yaml and json merge hashes, json-array lists fragments,
# json-pretty indents; a duplicate key without force fails the generation.
$s = $facts['sandbox']
concat { "${s}/c.yaml": format => 'yaml' }
concat::fragment { 'y1': target => "${s}/c.yaml", content => "a:\n  x: 1\nlist: [1, 2]\n", order => '01' }
concat::fragment { 'y2': target => "${s}/c.yaml", content => "a:\n  y: two\nlist: [2, 3]\n", order => '02' }
concat { "${s}/c.json": format => 'json' }
concat::fragment { 'j1': target => "${s}/c.json", content => '{"b": 1, "a": {"k": "v"}}', order => '01' }
concat::fragment { 'j2': target => "${s}/c.json", content => '{"c": [1], "a": {"l": true}}', order => '02' }
concat { "${s}/a.json": format => 'json-array' }
concat::fragment { 'ja1': target => "${s}/a.json", content => '{"n": 1}', order => '01' }
concat::fragment { 'ja2': target => "${s}/a.json", content => '[2]', order => '02' }
concat { "${s}/p.json": format => 'json-pretty' }
concat::fragment { 'jp': target => "${s}/p.json", content => '{"k": {"n": [1, 2]}, "e": {}}' }
concat { "${s}/dup.json": format => 'json' }
concat::fragment { 'd1': target => "${s}/dup.json", content => '{"k": 1}', order => '01' }
concat::fragment { 'd2': target => "${s}/dup.json", content => '{"k": 2}', order => '02' }
concat { "${s}/force.json": format => 'json', force => true }
concat::fragment { 'f1': target => "${s}/force.json", content => '{"k": 1}', order => '01' }
concat::fragment { 'f2': target => "${s}/force.json", content => '{"k": 2}', order => '02' }
