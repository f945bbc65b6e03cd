# noop => true on a tidy with rmdirs, and an age tidy in a class whose
# noop is false; --noop runs see both as pending.
$s = $facts['sandbox']
tidy { "${s}/n": recurse => true, rmdirs => true, noop => true }
class cleaner { tidy { "${facts['sandbox']}/m": recurse => true, age => '1d' } }
class { 'cleaner': noop => false }
