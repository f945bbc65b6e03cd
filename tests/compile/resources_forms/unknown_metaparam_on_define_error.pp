define d { }
d { 'x': no_such_meta => true }
