class a { } class b { } class c { }
include [a, [b]], 'c'
