# A composite namevar (name and kind) set from the title by literal title
# patterns: the catalog carries the parsed attributes.
keyed_entry { 'host@rsa': data => 'a' }
keyed_entry { 'host@dsa': data => 'b' }
keyed_entry { 'plain': kind => 'ed25519', data => 'c' }
keyed_entry { 'other title': name => 'given', kind => 'rsa', data => 'd' }
