class webapp { }
define webapp::helper { }
