class webapp { }
define webapp::helper { notify { "helper ${title}": } }
