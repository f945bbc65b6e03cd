class inner ($v = 1) { notify { "inner ${v}": } }
class outer {
  class { 'inner': v => 2 }
  contain inner
}
include outer
