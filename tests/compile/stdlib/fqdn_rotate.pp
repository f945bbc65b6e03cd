# stdlib: arrays and strings rotated by the node name
notify { 'fqdn_rotate 1': message => fqdn_rotate(['a', 'b', 'c', 'd', 'e']) }
notify { 'fqdn_rotate 2': message => fqdn_rotate(['a', 'b', 'c', 'd', 'e'], 'seed') }
notify { 'fqdn_rotate 3': message => fqdn_rotate('abcdef') }
notify { 'fqdn_rotate 4': message => fqdn_rotate(['only']) }
notify { 'fqdn_rotate 5': message => fqdn_rotate([]) }
notify { 'fqdn_rotate 6': message => fqdn_rotate(['rabbit1:5672', 'rabbit2:5672', 'rabbit3:5672']) }
