class a($x, $x) {}
