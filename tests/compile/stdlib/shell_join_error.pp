# stdlib: shell_join of a string
$x = shell_join('a')
