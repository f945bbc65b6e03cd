case [1, 'b'] {
  [1, 'a']: { notify { 'first': } }
  [1, 'b']: { notify { 'second': } }
  default: { notify { 'none': } }
}
