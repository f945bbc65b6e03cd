define app::unit (String $user = 'root') { notify { $title: message => $user } }
class app {
  App::Unit { user => 'app' }
  app::unit { 'worker': }
}
include app
