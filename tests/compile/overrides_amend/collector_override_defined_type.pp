define app::cfg ($level = 'info') { notify { "cfg ${title}": message => $level } }
app::cfg { 'x': }
App::Cfg <| |> { level => 'debug' }
