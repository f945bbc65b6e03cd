if $facts['os']['family'] == 'Debian' {
  case $facts['os']['release']['major'] {
    '11': { $codename = 'bullseye' }
    '12': {
      if $facts['os']['release']['minor'] >= '5' { $codename = 'bookworm-late' } else { $codename = 'bookworm-early' }
    }
    default: { $codename = 'unknown' }
  }
}
notify { 'codename': message => $codename }
