notify { 'sum': message => '10' + 5 }
notify { 'float': message => '1.5' * 2 }
notify { 'hex': message => '0x10' + 0 }
notify { 'exp': message => '1e2' + 0 }
