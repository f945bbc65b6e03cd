class holder {
  $color = 'blue'
  thing { 'a': }
}
define thing { notify { "thing ${title}": message => "[${color}] [${holder::color}]" } }
include holder
