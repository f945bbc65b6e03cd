define realizer { User <| tag == $title |> }
@user { 'x': tag => 'grp' }
realizer { 'grp': }
