# stdlib: strict base64 decoding of unpadded text
$x = base64('decode', 'aGVsbG8', 'strict')
