$x = /^(bus\xter|10\)./
