$x = @(END:)
  END
