class mymod {
  include mymod::params
  mymod::thing { 'a': }
  notify { "mymod with ${mymod::params::port}": }
}
