if true {
  class inside { }
}
