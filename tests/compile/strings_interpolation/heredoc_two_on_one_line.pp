notify { 'n': message => [@(A), @(B)] }
  first
  | A
  second
  | B
