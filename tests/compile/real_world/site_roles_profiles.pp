node 'node1.example.com' { include role::app_server }
node default { include role::base }
