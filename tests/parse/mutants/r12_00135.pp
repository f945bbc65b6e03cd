$x = /|^EXCEUE$/
