$x = @(END/q)
  END
