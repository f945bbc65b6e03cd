$doc = @(END)
  ${not_interpolated} \t stays
  | END
notify { 'doc': message => $doc }
