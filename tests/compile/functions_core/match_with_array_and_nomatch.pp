notify { 'n': message => ['abc123'.match(/([a-z]+)(\d+)/), 'x'.match(/y/), ['a1', 'b'].match(/(\w)(\d)?/)] }
