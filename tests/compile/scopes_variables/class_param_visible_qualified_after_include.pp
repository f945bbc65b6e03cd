class cfg ($setting = 'dflt') { }
include cfg
notify { 's': message => $cfg::setting }
