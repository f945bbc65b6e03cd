class web ($port = 80) { }
class { 'web': prot => 81 }
