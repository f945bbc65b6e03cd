class tmpl (
  Hash $limits = { 'nofile' => 65536, 'nproc' => 4096, 'core' => 0 },
  Array[String] $servers = ['a.example.com', 'b.example.com', 'c.example.com', 'd.example.com', 'e.example.com'],
  Sensitive[String] $secret = Sensitive('s3cr3t'),
  Optional[String] $unset = undef,
  Boolean $flag = false,
  Float $ratio = 0.75,
) {
  $local_list = ['x', 'y']
  file { '/etc/tmpl/erb.conf':
    content => template('tmpl/main.erb', 'tmpl/sub/footer.erb'),
  }
  file { '/etc/tmpl/epp.conf':
    content => epp('tmpl/main.epp'),
  }
  file { '/etc/tmpl/secret':
    content => Sensitive("password=${secret.unwrap}\n"),
    mode    => '0600',
  }
  file { '/etc/tmpl/inline':
    content => inline_template("<%= @servers.first(2).join(';') %> <%= @limits.size %>\n"),
  }
  if defined(Class['tmpl']) and !defined(File['/nonexistent']) and defined('tmpl::helper') {
    notify { 'defined checks ok': }
  }
}
