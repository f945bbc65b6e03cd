case 'web01' {
  /^web/: { notify { 'regex first': } }
  'web01': { notify { 'exact second': } }
}
