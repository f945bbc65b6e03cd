# The Deferred type (concat::fragment checks Optional[Variant[String, Deferred]]);
# no compiler value is a Deferred.
$x = 'text'
assert_type(Optional[Variant[String, Deferred]], $x)
assert_type(Optional[Variant[String, Deferred]], undef)
notify { 'deferred': message => String([Deferred =~ Type, 'x' =~ Deferred, Type[Deferred], Deferred == Deferred]) }
