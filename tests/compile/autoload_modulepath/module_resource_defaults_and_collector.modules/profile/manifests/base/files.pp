class profile::base::files {
  file { '/etc/profile.d/site.sh': ensure => file, mode => '0644' }
  package { 'bash-completion': ensure => installed }
}
