function f(*$rest, $x) { }
