class foo::b { notify { "b_foo_b": } }
