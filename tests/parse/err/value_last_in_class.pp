class a { 1 }
