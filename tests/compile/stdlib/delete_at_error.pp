# stdlib: delete_at beyond the end
$x = delete_at(['a','b','c'], 3)
