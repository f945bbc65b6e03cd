define site::app ($port = undef, $user = 'root') { notify { $title: message => "${port} ${user}" } }
site::app { 'a': }
Site::App['a'] { port => 8080 }
