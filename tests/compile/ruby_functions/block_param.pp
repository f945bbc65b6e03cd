# A Ruby function yields to the Puppet lambda; without a lambda the other dispatch runs.
$r = rubyfn::each_pair({ 'b' => 2, 'a' => 1 }) |$k, $v| { "${k}=${$v * 10}" }
notify { 'pairs': message => $r }
notify { 'count': message => rubyfn::each_pair({ 'a' => 1 }) }
