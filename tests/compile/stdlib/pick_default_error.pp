# stdlib: pick_default needs an argument
$x = pick_default()
