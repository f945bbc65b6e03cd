$h = { default => 'd', 'a' => 'A' }
notify { 'n': message => [$h['zz'], $h[default], default =~ Default, type(default)] }
