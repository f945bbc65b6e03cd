class base { $bv = 'base' }
class child inherits base { notify { 'n': message => [$bv, $cv] } }
class includer { $cv = 'includer' include child }
include includer
