$level = 'top'
class shadow {
  $level = 'local'
  notify { 'levels': message => "${level} ${::level}" }
}
include shadow
