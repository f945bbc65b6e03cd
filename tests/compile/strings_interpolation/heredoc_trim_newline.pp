$text = @(END)
  no trailing newline
  |- END
notify { 'h': message => "[${text}]" }
