include n::q
