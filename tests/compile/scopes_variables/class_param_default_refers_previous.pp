class app (
  String $base = '/opt/app',
  String $bin = "${base}/bin",
  Integer $port = 8000,
  Integer $admin_port = $port + 1,
) {
  notify { 'app': message => [$bin, $admin_port] }
}
class { 'app': base => '/srv/app' }
