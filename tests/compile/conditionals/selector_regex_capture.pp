$env = 'node7.staging.example.com' ? {
  /^node(\d+)\.(\w+)\./ => "${2}-${1}",
  default => 'none',
}
notify { 'env': message => $env }
