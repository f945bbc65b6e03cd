define myapp::instance ($port = 80, $user = 'root') { notify { $title: message => "${port} ${user}" } }
Myapp::Instance { user => 'app' }
myapp::instance { 'a': }
