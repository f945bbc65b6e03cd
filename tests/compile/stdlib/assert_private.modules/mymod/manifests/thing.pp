define mymod::thing() {
  assert_private('mymod::thing is for mymod only')
  notify { "thing ${title}": }
}
