$x = /^(T6EMxP$/
