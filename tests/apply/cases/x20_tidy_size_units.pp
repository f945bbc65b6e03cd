# size with units and a plain byte count; size and age together must both
# hold; matches with a single string.
$s = $facts['sandbox']
tidy { "${s}/s1": recurse => true, size => '1k' }
tidy { "${s}/s2": recurse => true, size => '100' , age => '1d' }
tidy { "${s}/s3": recurse => true, size => '0', matches => 'core' }
