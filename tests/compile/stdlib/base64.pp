# stdlib: base64 encoding and decoding
notify { 'base64 1': message => base64('encode', 'hello') }
notify { 'base64 2': message => base64('encode', 'a much longer string that will exceed sixty characters for sure, yes indeed it will') }
notify { 'base64 3': message => base64('encode', 'hello', 'strict') }
notify { 'base64 4': message => base64('encode', 'hello?>', 'urlsafe') }
notify { 'base64 5': message => base64('decode', 'aGVsbG8=') }
notify { 'base64 6': message => base64('decode', 'aGVsbG8', 'default') }
notify { 'base64 7': message => base64('decode', 'aGVsbG8=', 'urlsafe') }
notify { 'base64 8': message => base64('decode', 'aGVsbG8', 'urlsafe') }
notify { 'base64 9': message => base64('decode', "aGVs\nbG8=\n") }
