class c ($a = $facts['os']['family'], $b = "${a}-suffix", $c = $b.upcase) { notify { 'n': message => [$a, $b, $c] } }
include c
