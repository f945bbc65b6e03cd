# A line comment
/* A block
   comment */
$a = 1 # trailing
$b = /* inline */ 2
# comment at the end without a newline
