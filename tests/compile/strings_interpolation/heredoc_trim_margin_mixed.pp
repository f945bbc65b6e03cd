$x = @("END")
    line one
      indented ${facts['os']['family']}
    last
    |- END
notify { 'n': message => $x }
