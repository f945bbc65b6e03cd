# stdlib: strings escaped for URIs
notify { 'uriescape 1': message => uriescape('a b&c=d/é?x#y[z]%') }
notify { 'uriescape 2': message => uriescape(['a b', 1, 'c']) }
