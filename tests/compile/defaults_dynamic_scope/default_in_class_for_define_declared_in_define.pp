define outerdef { innerdef { "${title}-inner": } }
define innerdef { file { "/tmp/${title}": } }
class scope_with_default {
  File { owner => 'svc' }
  outerdef { 'x': }
}
include scope_with_default
