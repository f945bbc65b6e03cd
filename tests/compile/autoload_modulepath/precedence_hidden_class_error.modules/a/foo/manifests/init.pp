class foo { notify { "a_foo": } }
