# type => atime with age; rmdirs removes only directories that qualify and
# become empty; age given in days and seconds.
$s = $facts['sandbox']
tidy { "${s}/t1": recurse => true, age => '3d', type => 'atime', rmdirs => true }
tidy { "${s}/t2": recurse => true, age => '3600s' }
