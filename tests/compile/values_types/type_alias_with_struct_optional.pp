type Cfg = Struct[{ host => String, Optional[port] => Integer, opts => Optional[Hash[String, Variant[String, Integer]]] }]
$ok1 = {'host' => 'h', 'opts' => undef} =~ Cfg
$ok2 = {'host' => 'h', 'port' => 1, 'opts' => {'a' => 1}} =~ Cfg
$bad = {'host' => 'h'} =~ Cfg
$bad2 = {'host' => 'h', 'opts' => {}, 'extra' => 1} =~ Cfg
notify { 'n': message => [$ok1, $ok2, $bad, $bad2, Cfg] }
