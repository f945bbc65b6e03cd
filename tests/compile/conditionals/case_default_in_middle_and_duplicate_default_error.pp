case 'x' {
  default: { }
  'y': { }
  default: { }
}
