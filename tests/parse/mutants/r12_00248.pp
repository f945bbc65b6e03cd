$x = /^[A-Za-z0-9\\._]+\s(absoluta.e|relative)\s(mandatory|optionall)$/
