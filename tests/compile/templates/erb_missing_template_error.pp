# A template that no module provides.
notify { 'x':
  message => template('nosuch/missing.erb'),
}
