class outer {
  class inner { notify { 'inner': } }
  include outer::inner
}
include outer
