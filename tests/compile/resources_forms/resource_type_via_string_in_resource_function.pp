Resource['notify'] { 'abs': message => 'a' }
Resource[Notify] { 'abs2': }
