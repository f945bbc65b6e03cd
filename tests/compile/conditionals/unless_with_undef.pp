unless $nosuchvar { notify { 'a': } }
unless 0 { notify { 'b': } }
unless '' { notify { 'c': } }
if [] { notify { 'd': } }
if {} { notify { 'e': } }
