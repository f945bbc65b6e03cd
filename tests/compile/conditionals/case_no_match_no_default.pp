case 'zzz' {
  'a': { notify { 'a': } }
}
notify { 'done': }
