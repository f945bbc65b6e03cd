[1, 2].each |$x| {
  ["a${x}"].each |$x| { notify { "inner-${x}": } }
  notify { "outer-${x}": }
}
