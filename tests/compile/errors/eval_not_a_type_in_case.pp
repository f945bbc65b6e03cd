case 1 { Integer[2, 1]: { } }
