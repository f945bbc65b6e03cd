# Ruby functions of modules exist for defined().
notify { 'a': message => defined('rubyfn::shape') }
notify { 'b': message => defined('rubyfn::nope') }
