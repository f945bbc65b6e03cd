class webapp::server (Webapp::Port $port) { notify { "port ${port}": } }
