class bar { notify { "b_bar": } }
