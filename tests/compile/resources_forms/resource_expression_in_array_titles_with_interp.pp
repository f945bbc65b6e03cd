$names = ['a', 'b']
file { $names.map |$n| { "/tmp/${n}" }: ensure => directory }
