class c ($a, $a) { }
