$text = @(END)
  line one
  line two $not_interpolated
  END
notify { 'h': message => $text }
