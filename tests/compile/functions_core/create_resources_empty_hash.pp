create_resources('notify', {})
notify { 'x': }
