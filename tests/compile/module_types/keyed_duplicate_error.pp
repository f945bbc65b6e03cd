# The same composite key twice, once from a title and once from parameters.
keyed_entry { 'host@rsa': data => 'a' }
keyed_entry { 'again': name => 'host', kind => 'rsa', data => 'b' }
