class c { tag ['one', 'two::three'], 'Four'
  notify { 'n': } }
include c
