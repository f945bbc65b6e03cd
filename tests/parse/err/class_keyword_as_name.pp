define class {}
