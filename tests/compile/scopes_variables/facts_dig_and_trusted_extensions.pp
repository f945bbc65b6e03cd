notify { 'n': message => [$facts.dig('os', 'release', 'major'), $trusted['extensions'], $trusted['authenticated'], $facts['os']['name'] =~ String] }
