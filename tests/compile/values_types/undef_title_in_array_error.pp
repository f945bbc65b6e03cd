package { ['a', undef]: }
