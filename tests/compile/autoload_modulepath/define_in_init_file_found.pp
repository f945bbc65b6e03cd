webapp::helper { 'x': }
