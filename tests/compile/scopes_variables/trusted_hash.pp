notify { 't':
  message => [$trusted['certname'], $trusted['hostname'], $trusted['domain'], $trusted['authenticated'], $trusted['extensions']],
}
