case $facts['processors']['count'] {
  1: { $size = 'small' }
  2, 3: { $size = 'medium' }
  default: { $size = 'large' }
}
notify { 'size': message => $size }
