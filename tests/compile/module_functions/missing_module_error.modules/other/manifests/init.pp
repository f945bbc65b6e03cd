class other {}
