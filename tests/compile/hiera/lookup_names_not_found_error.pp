# Several names, none found.
notice(lookup(['lk::one', 'lk::two']))
