# stdlib: facts by dotted path
notify { 'fact 1': message => fact('os.family') }
notify { 'fact 2': message => fact('networking.fqdn') }
notify { 'fact 3': message => fact('os.release.major') }
notify { 'fact 4': message => fact('nope.deeper') }
notify { 'fact 5': message => fact('processors.models.0') }
