notify { 'a': loglevel => 'warning', schedule => 'never' }
schedule { 'never': period => 'weekly', range => '2 - 4' }
