type A = Array[Integer]
notify { 'n': message => [A, Array[A], [A], {'t' => A}, "${[A]}", String([A]), Optional[A], Type[A]] }
