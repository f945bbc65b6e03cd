class outer {
  node 'x' { }
}
