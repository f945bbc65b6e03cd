class c { notify { 'n': message => 'orig' } }
node default {
  include c
  Notify <| title == 'n' |> { message => 'changed' }
}
