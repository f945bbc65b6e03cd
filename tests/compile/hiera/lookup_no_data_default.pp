# Without data, defaults and blocks answer.
notify { lookup('plain', String, 'first', 'default text'): }
notify { lookup('other') |$k| { "block ${k}" }: }
