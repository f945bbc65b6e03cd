notify { 'bool':
  message => [Boolean('true'), Boolean('no'), Boolean('Yes'), Boolean(1), Boolean(0)],
}
