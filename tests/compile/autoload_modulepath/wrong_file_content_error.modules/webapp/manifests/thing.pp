class webapp::other { }
