notify { 'e': message => [$facts['os']['release']['major'] == '12', $facts['os']['release']['major'] == 12, $facts['processors']['count'] == 2] }
