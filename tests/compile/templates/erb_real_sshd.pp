# puppet-module-ssh's sshd_config.erb and sshd_match_block.erb (copied into
# this case's modules) with realistic options: a template method (def
# bool2str), Hash#delete on a Puppet hash, sort_by with a command-call
# argument, Match blocks as nested hashes, :undef comparisons.
class ssh::server(
  Hash $options = {
    'Port'                   => [22, 2222],
    'AddressFamily'          => 'any',
    'ListenAddress'          => ['0.0.0.0', ' '],
    'PermitRootLogin'        => false,
    'PasswordAuthentication' => 'no',
    'AcceptEnv'              => ['LANG', 'LC_*'],
    'Subsystem'              => 'sftp /usr/lib/openssh/sftp-server',
    'X11Forwarding'          => true,
    'UsePAM'                 => 'yes',
    'Banner'                 => '',
    'Match User backup'      => { 'ForceCommand' => 'internal-sftp', 'AllowTcpForwarding' => false, 'X11Forwarding' => ['no', ''] },
    'Match Group admins'     => { 'PermitRootLogin' => true },
  },
) {
  # The template deletes keys from this hash (as the module computes it).
  $merged_options = $options + {}
  file { '/etc/ssh/sshd_config':
    content => template('ssh/sshd_config.erb'),
  }
}
define ssh::server::match_block($type = 'user', $options = {}) {
  notify { "match ${title}":
    message => template('ssh/sshd_match_block.erb'),
  }
}
include ssh::server
ssh::server::match_block { 'sftpusers':
  type    => 'Group',
  options => { 'ChrootDirectory' => '/srv/%u', 'ForceCommand' => 'internal-sftp', 'PasswordAuthentication' => true, 'AllowAgentForwarding' => false },
}
