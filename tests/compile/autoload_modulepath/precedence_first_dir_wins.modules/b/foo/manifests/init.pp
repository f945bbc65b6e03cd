class foo { notify { "b_foo": } }
