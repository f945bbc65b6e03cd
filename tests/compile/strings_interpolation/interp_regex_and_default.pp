$r = /ab+c/
notify { 'n': message => "${r} ${default} ${Integer[1,2]} ${Hash[String, Integer]}" }
