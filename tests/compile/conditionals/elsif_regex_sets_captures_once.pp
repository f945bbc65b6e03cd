$v = 'b2'
if $v =~ /^a(\d)/ { $r = "a$1" }
elsif $v =~ /^b(\d)/ { $r = "b$1" }
notify { 'n': message => $r }
