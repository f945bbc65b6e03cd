class sshd (
  Boolean $permit_root = true,
  Array[String] $allow_users = [],
  Integer $port = 22,
) {
  package { 'openssh-server': ensure => installed }
  -> file { '/etc/ssh/sshd_config':
    content => inline_epp(@(EOT), { 'root' => $permit_root, 'users' => $allow_users, 'port' => $port }),
      <%- | Boolean $root, Array $users, Integer $port | -%>
      Port <%= $port %>
      PermitRootLogin <%= if $root { 'yes' } else { 'no' } %>
      <% unless $users.empty { -%>
      AllowUsers <%= $users.join(' ') %>
      <% } -%>
      | EOT
  }
  ~> service { 'ssh': ensure => running }
}
