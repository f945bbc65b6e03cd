# Numbers: integer division and modulo floor, floats, rounding, conversions,
# comparisons across Integer and Float, Integer() and Float().
$n = 17
$f = 2.675
$str_num = '042'
notify { 'arith':
  message => inline_template('<%= @n / 5 %> <%= -@n / 5 %> <%= @n % 5 %> <%= -@n % 5 %> <%= @n.fdiv(4) %> <%= 2 ** 16 %> <%= @n * 1.0 %> <%= 10 - 2.5 %> <%= 7.0 % 2 %> <%= @n.divmod(5).inspect %> <%= -7.remainder(3) %>'),
}
notify { 'rounding':
  message => inline_template('<%= @f.round(2) %> <%= 2.5.round %> <%= -2.5.round %> <%= 1.15.round(1) %> <%= 1234.5678.round(-2) %> <%= 3.7.floor %> <%= 3.2.ceil %> <%= -3.7.truncate %> <%= 3.14159.floor(2) %> <%= 1250.round(-2) %> <%= 10.0.to_i %>'),
}
notify { 'convert':
  message => inline_template('<%= Integer(@str_num) %> <%= Integer("0x1f") %> <%= Integer("12", 8) %> <%= Float("1.5") %> <%= @str_num.to_i %> <%= 3.to_f %> <%= 1e3.to_i %> <%= Integer(3.99) %> <%= String(5) %> <%= Array(nil).inspect %> <%= Array("a").inspect %> <%= Array([1]).inspect %> <%= Array({ "a" => 1 }).inspect %>'),
}
notify { 'compare':
  message => inline_template('<%= 1 == 1.0 %> <%= 1.eql?(1.0) %> <%= 2 <=> 1 %> <%= [1, 2] <=> [1, 3] %> <%= 3.between?(1, 5) %> <%= 15.clamp(1, 10) %> <%= [0.5, 2, 1].max %> <%= 5.zero? %> <%= 4.even? %> <%= -3.abs %> <%= 3.14.to_s %> <%= 100.0.to_s %>'),
}
notify { 'format':
  message => inline_template('<%= format("%05.2f|%-4s|%+d|%x|%o|%e|%08.3f", 3.14159, "ab", 5, 255, 8, 12345.6789, -3.5) %>|<%= "%s and %s" % %w[a b] %>|<%= "%<a>s-%{b}" % { a: 1, b: 2 } %>|<%= "%.3s|%5.1f%%" % ["abcdef", 99.55] %>'),
}
