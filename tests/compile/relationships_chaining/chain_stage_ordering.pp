stage { 'first': }
stage { 'last': }
Stage['first'] -> Stage['main'] -> Stage['last']
