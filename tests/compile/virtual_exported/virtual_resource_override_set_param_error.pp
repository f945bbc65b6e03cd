@notify { 'v': message => 'a' }
Notify['v'] { message => 'b' }
