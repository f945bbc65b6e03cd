class base::extra { notify { 'extra': } }
