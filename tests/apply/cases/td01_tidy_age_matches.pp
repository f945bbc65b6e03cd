# tidy: files under a directory older than a week whose names match, recursively.
$d = "${facts['sandbox']}/logs"
tidy { $d:
  age     => '1w',
  recurse => true,
  matches => ['*.log', '*.gz'],
}
