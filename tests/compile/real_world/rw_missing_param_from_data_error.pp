node default { include svc }
