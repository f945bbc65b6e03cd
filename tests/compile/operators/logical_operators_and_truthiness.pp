notify { 't':
  message => [
    true and false, true or false, !true, !undef, !'', ![], !0,
    'x' and 'y', undef or 'y', false or undef,
  ],
}
