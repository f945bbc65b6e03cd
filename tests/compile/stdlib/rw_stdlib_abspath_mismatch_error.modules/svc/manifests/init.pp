class svc (Stdlib::Port $port, Stdlib::Absolutepath $dir = '/srv') {
  notify { "${dir}:${port}": }
}
