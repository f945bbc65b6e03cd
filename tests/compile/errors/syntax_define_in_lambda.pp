[1].each |$x| {
  define nested { }
}
