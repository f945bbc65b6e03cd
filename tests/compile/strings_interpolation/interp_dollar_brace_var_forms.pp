$x = 'X'
$facts_copy = $facts
notify { 'n': message => ["${x}", "${$x}", "${::x}", "${facts['networking']['hostname']}", "${facts_copy['os']['family']}"] }
