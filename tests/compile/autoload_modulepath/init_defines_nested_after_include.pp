include webapp
webapp::helper { 'x': }
