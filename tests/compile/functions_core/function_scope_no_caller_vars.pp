$top = 'T'
class c { $local = 'L'
  function_f() }
function function_f() { notice("${top}|${local}") }
include c
notify { 'n': }
