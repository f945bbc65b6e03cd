notify { 'a': }
return(1)
notify { 'b': }
