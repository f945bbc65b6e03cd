define needs ($value) { }
needs { 'x': }
