type MyPort = Integer[1, 65535]
type MyHost = Struct[{ name => String[1], port => MyPort }]
class c (MyHost $h) { notify { 'n': message => "${h['name']}:${h['port']}" } }
class { 'c': h => { 'name' => 'web', 'port' => 80 } }
notify { 't': message => [80 =~ MyPort, 0 =~ MyPort, "${MyPort}"] }
