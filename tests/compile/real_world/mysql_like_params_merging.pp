class mysql::params {
  $default_options = {
    'mysqld' => { 'bind-address' => '127.0.0.1', 'port' => 3306, 'max_connections' => 151 },
    'client' => { 'port' => 3306 },
  }
}
class mysql::server (Hash $override_options = {}) inherits mysql::params {
  $options = $default_options.reduce({}) |$memo, $pair| {
    $section = $pair[0]
    $merged = $pair[1] + ($override_options[$section] ? { undef => {}, default => $override_options[$section] })
    $memo + { $section => $merged }
  }
  $ini = $options.map |$section, $kv| {
    $body = $kv.map |$k, $v| { "${k} = ${v}" }.join("\n")
    "[${section}]\n${body}\n"
  }.join("\n")
  file { '/etc/mysql/my.cnf': content => $ini }
  notify { 'options': message => $options }
}
class { 'mysql::server': override_options => { 'mysqld' => { 'max_connections' => 500, 'innodb_buffer_pool_size' => '1G' } } }
