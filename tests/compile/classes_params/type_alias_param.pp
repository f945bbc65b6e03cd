type Port = Integer[1, 65535]
type Endpoint = Struct[{ host => String[1], port => Port }]
class svc (Endpoint $ep = { 'host' => 'localhost', 'port' => 80 }) { notify { 'ep': message => $ep } }
include svc
