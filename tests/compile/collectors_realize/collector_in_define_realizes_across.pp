define collect_it { Notify <| tag == $title |> }
@notify { 'v1': tag => 'grp1' }
@notify { 'v2': tag => 'grp2' }
collect_it { 'grp1': }
