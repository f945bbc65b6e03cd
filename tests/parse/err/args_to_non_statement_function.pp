foo a, b
