class apache::params { $mod_dir = '/etc/apache2/mods-available' $user = 'www-data' }
