# stdlib: base64 with an unknown action
$x = base64('x', 'a')
