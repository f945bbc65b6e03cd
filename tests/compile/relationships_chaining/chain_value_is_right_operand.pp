$r = Package['a'] -> Package['b']
package { ['a', 'b']: }
notify { 'r': message => "${r}" }
