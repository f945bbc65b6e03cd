# nova's *_config types (openstacklib's OpenStackConfig for nova_config, inifile's
# ini_setting for nova_api_uwsgi_config, nova's libvirtd_config) on their fixed
# files: applied inside a root (CASE.root).
file { ['/etc/nova', '/etc/libvirt']: ensure => directory }
-> file { '/etc/nova/nova.conf':
  ensure  => file,
  replace => false,
  content => "[DEFAULT]\n# debug = false\nstate_path=/var/lib/nova\nmulti=a\nmulti=z\n\n[api]\nauth_strategy = noauth\n[database]\nconnection=sqlite://\n",
}
-> file { '/etc/nova/nova-api-uwsgi.ini':
  ensure  => file,
  replace => false,
  content => "[uwsgi]\nprocesses = 2\n",
}
-> nova_config {
  'DEFAULT/debug': value => true;
  'DEFAULT/state_path': value => '/srv/nova';
  'DEFAULT/multi': value => ['a', 'b'];
  'api/auth_strategy': ensure => absent;
  'database/connection': value => 'mysql://nova:secret@db/nova', secret => true;
  'DEFAULT/transport_url': value => '<SERVICE DEFAULT>';
  'DEFAULT/host': value => '<SERVICE DEFAULT>';
  'newsection/key': value => 'v';
}
-> nova_api_uwsgi_config {
  'uwsgi/processes': value => 4;
  'uwsgi/threads': value => 'TRUE';
}
-> libvirtd_config {
  'listen_tls': value => '0';
  'unix_sock_group': value => 'libvirt', quote => true;
}
