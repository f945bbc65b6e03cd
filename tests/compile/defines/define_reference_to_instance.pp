define wrapper { notify { "wrapped ${title}": } }
wrapper { 'w': }
notify { 'after': require => Wrapper['w'] }
