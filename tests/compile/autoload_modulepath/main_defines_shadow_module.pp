class webapp { notify { 'from main manifest': } }
include webapp
