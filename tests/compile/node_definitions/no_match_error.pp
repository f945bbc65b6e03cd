node 'web1.example.com' { notify { 'web': } }
