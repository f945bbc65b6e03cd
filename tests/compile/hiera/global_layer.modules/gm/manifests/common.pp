class gm::common { notify { 'gm::common': } }
