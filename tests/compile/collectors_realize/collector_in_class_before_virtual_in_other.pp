class collect { Notify <| tag == 'later' |> }
include collect
class decl { @notify { 'v': tag => 'later' } }
include decl
