define outer() {
  define inner() { }
}
