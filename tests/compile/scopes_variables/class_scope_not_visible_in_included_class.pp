class outer {
  $secret = 'outer-only'
  include inner
}
class inner { notify { 'inner': message => "[${secret}]" } }
include outer
