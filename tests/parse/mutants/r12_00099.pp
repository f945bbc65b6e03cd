$x = /^ALL PRIVILEGES$(?/
