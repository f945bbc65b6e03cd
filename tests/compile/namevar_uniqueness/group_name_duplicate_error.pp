group { 'admins': name => 'wheel' }
group { 'wheel': }
