$x = @(END)
  text
  ENDING
