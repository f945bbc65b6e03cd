define d(String $req, $opt = 1) { }

  d { 'x': opt => 2 }
