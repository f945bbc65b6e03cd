notify { ['a', 1]: }
