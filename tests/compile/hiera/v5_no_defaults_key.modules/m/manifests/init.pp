class m(String $x) { notify { "x=${x} ${lookup('m::y')}": } }
