$t = 'top'
define d { notify { $title: message => [$t, $cv] } }
class c { $cv = 'caller' d { 'x': } }
include c
