# apache's Ruby functions bool2httpd and pw_hash, native in kuppet.
notify { 'bool2httpd':
  message => [apache::bool2httpd(true), apache::bool2httpd(false), apache::bool2httpd(undef),
    apache::bool2httpd('TRUE'), apache::bool2httpd('isFalse'), apache::bool2httpd('On'),
    apache::bool2httpd(1), apache::bool2httpd([1, 'a']), apache::bool2httpd('')],
}
notify { 'pw_hash':
  message => [apache::pw_hash('secret'), apache::pw_hash('p@ss w')],
}
