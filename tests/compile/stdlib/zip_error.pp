# stdlib: zip of a string
$x = zip([1,2], 'a')
