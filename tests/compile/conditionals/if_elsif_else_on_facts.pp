if $facts['os']['family'] == 'RedHat' {
  $pkg = 'httpd'
} elsif $facts['os']['family'] == 'Debian' {
  $pkg = 'apache2'
} else {
  $pkg = 'apache'
}
package { $pkg: ensure => installed }
