class c {
  Notify { message => 'dflt' }
  create_resources('notify', { 'cr' => {} })
}
include c
