[1, 'two'].each |Integer $x| { notify { "n${x}": } }
