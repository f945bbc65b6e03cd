function mymod::inner($x) { "in-${x}" }
function outer($x) { mymod::inner($x) }
notify { 'n': message => outer('v') }
