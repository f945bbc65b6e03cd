define cfg ($v = 1) { notify { "cfg ${title}": message => $v } }
class base { cfg { 'x': v => 1 } }
class child inherits base { Cfg['x'] { v => 2 } }
include child
