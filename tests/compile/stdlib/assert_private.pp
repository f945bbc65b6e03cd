# stdlib: assert_private passes inside a module, in site classes, defines and nodes
include mymod
class site { include site::inner }
class site::inner { assert_private() }
include site
define d() { assert_private() }
d { 'x': }
node default { assert_private() }
