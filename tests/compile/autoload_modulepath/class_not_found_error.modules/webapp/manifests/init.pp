class webapp { }
