# stdlib: delete_at with a word index
$x = delete_at(['a','b','c'], 'x')
