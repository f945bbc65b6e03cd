define d() { d { "${title}x": } }
d { "a": }
