exec { 'echo "hello world" > /tmp/out': path => ['/bin', '/usr/bin'] }
notify { 'Title: with, commas & stuff!': }
