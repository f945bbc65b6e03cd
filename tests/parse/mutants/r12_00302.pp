$x = /appp/
