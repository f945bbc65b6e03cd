function webapp::util::greet(String $who) >> String { "hello ${who}" }
