$plain = @(END)
  This is text.
    Indented.
  END
$margin = @(END)
    Margin removed
      keeps relative indent
    | END
$trimmed = @(END)
    no trailing newline
    |- END
$interpolated = @("END")
  Hello ${name}, $title!
  Escapes: \t \n \$ are processed only with flags
  | END
$with_flags = @("END"/tn$)
  tab\there \$notvar
  | END
$all_flags = @(END/)
  \u00e9 \s \\
  END
$json = @(END:json)
  { "a": [1, 2] }
  | END
$two = [@(ONE), @(TWO)]
  first
  | ONE
  second
  | TWO
notice(@(END))
  as an argument
  | END
