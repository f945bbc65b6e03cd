# puppet-module-apache's vhost/_directories.erb and _require.erb (copied into
# this case's modules): scope.setvar of a Ruby hash that the template then
# changes (scope.lookupvar(...)[:item] = ...) and that the nested template
# _require.erb reads, versioncmp, warnings, php flags by regexp, limits,
# error documents, Require forms for Apache 2.4 and Order/Allow for 2.2.
define apache::vhost($docroot, $apache_version = '2.4', $directories = []) {
  $_directories = $directories
  file { "/etc/apache2/sites-available/${title}.conf":
    content => template('apache/vhost/_directories.erb'),
  }
}
apache::vhost { 'site24':
  docroot      => '/var/www/site',
  directories => [
    {
      'path'           => '/var/www/site',
      'options'        => ['Indexes', 'FollowSymLinks', 'MultiViews'],
      'allow_override' => ['None'],
      'require'        => 'all granted',
      'directoryindex' => 'index.php index.html',
      'php_flags'      => { 'display_errors' => 'On', 'short_open_tag' => false },
      'php_values'     => { 'memory_limit' => '256M' },
      'headers'        => 'Set X-Frame-Options SAMEORIGIN',
      'error_documents' => [{ 'error_code' => '404', 'document' => '/404.html' }],
    },
    {
      'path'     => '/private',
      'provider' => 'location',
      'require'  => { 'enforce' => 'all', 'requires' => ['ip 10.0.0.0/8 ', 'valid-user'] },
      'auth_type' => 'Basic',
      'auth_name' => 'Private',
      'limit'    => [{ 'methods' => 'GET POST', 'require' => ['group admins'] }],
    },
    {
      'path'     => '\.php$',
      'provider' => 'filesmatch',
      'require'  => ['host example.com', 'ip 192.168.0.0/16'],
    },
    { 'path' => '/legacy', 'require' => 'unmanaged', 'expires_active' => 'On', 'expires_by_type' => ['text/css "access plus 1 month"'] },
  ],
}
apache::vhost { 'site22':
  docroot        => '/srv/old',
  apache_version => '2.2',
  directories    => [
    { 'path' => '/srv/old', 'order' => ['deny', 'allow'], 'deny' => 'from all', 'allow' => ['from 10.0.0.0/8', 'from 127.0.0.1'], 'satisfy' => 'Any' },
    { 'path' => '/srv/old/pub', 'allow' => 'from all' },
  ],
}
