# stdlib: any2bool of a word that is no boolean
$x = any2bool('maybe')
