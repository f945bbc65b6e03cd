class o::sub::deep { notify { "deep": } }
class o::sub { }
