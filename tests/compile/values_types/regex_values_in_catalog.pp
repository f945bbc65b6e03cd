$r = /^(a|b)\/c$/
notify { 'n': message => [$r, "${r}", String($r), String($r, '%p'), [/x\/y/, /\//], {'k' => /a\/b/}, Regexp('p/q'), "${Regexp('p/q')}"] }
