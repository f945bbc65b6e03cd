class webapp { notify { 'from module': } }
