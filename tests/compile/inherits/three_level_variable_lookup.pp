class a { $va = 'A' }
class b inherits a { $vb = 'B' }
class c inherits b { notify { 'n': message => "${va}${vb}${a::va}${b::vb}" } }
include c
