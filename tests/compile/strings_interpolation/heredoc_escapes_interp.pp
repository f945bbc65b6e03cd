$nm = 'world'
$h = {'k' => 'v'}
$x = @("END"/tn$)
  Hello ${name}\tTab
  Dollar \$nm and ${h['k']}
  Unicode \u2603 stays
  Line \\ end
  | END
$y = @(END)
  raw \t ${name}
  END
$z = @("E"/L)
  joined \
  line
  | E
notify { 'n': message => [$x, $y, $z] }
