case 'DEBIAN' {
  'debian': { notify { 'matched lowercase': } }
  default: { notify { 'no match': } }
}
