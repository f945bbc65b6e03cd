class outer { $o = 'O' class inner { $i = 'I' } include outer::inner }
include outer
notify { 'n': message => [$outer::o, $outer::inner::i, $::outer::o] }
