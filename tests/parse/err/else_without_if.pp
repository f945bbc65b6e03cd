else { }
