class bad (String $title = 'x') { }
include bad
