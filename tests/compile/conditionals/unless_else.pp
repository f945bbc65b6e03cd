unless $facts['is_virtual'] {
  package { 'smartmontools': ensure => installed }
} else {
  package { 'qemu-guest-agent': ensure => installed }
}
