define site::thing { }
site::thing { 'with-dash': }
site::thing { 'With.Dot': }
site::thing { 'has space': }
site::thing { '123': }
