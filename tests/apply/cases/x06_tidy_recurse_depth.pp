# recurse => 2 limits how deep tidy looks; matches is applied to base names.
$s = $facts['sandbox']
tidy { "${s}/tree": recurse => 2, matches => ['*.log'] }
