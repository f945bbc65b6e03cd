  purge   => true,
  recurse => true,
}
