class logrotate { file { '/etc/logrotate.conf': ensure => file } }
node default {
  File { owner => 'root', mode => '0644' }
  include logrotate
}
