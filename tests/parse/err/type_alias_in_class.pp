class a { type T = Integer }
