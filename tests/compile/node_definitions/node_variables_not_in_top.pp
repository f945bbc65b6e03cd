node default { $nv = 'node' include c }
class c { notify { 'n': message => "${nv}|${::nv}" } }
