# puppet-module-mysql's my.cnf.erb and puppet-module-redis's redis.conf.erb
# (copied into this case's modules) with typical settings: nested hashes
# sorted with `next` inside a block, [nil, '', :undef].include?, booleans
# rendered as yes/no with -%> trimming, sort_by over a hash of save rules.
class mysql::server($options = {
    'client'    => { 'port' => 3306, 'socket' => '/run/mysqld/mysqld.sock' },
    'mysqld'    => {
      'bind-address'   => '127.0.0.1',
      'skip-name-resolve' => true,
      'ssl'            => false,
      'ssl-ca'         => '/etc/mysql/ca.pem',
      'max_connections' => 151,
      'replicate-do-db' => ['app', 'audit'],
      'innodb_buffer_pool_size' => '',
      'log-error'      => undef,
    },
    'mysqldump' => { 'quick' => true, 'max_allowed_packet' => '16M' },
    'isamchk'   => 'not a hash',
  }, $includedir = '/etc/mysql/conf.d') {
  file { '/etc/mysql/my.cnf':
    content => template('mysql/my.cnf.erb'),
  }
}
include mysql::server
class redis(
  $bind = '127.0.0.1 ::1',
  $port = 6379,
  $daemonize = true,
  $syslog_enabled = false,
  $save_db_to_disk = true,
  $save_db_to_disk_interval = { '900' => '1', '300' => '10', '60' => '10000' },
  $appendonly = false,
  $cluster_enabled = true,
  $cluster_config_file = 'nodes.conf',
  $cluster_node_timeout = 5000,
  $maxmemory = '2gb',
  $masterauth = undef,
  $log_level = 'notice',
  $databases = 16,
) {
  file { '/etc/redis/redis.conf':
    content => template('redis/redis.conf.erb'),
  }
}
include redis
