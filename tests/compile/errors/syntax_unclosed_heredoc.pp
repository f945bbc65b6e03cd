$t = @(END)
  text
notify { 'x': }
