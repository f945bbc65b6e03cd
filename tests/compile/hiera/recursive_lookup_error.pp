# A value that interpolates itself through another key.
notice(lookup('rc::a'))
