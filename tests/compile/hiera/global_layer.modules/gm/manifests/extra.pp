class gm::extra { notify { 'gm::extra': } }
