notify { 'm': message => ["[${facts['nonexistent']}]", $facts.dig('os', 'release', 'major'), "[${trusted['extensions']['pp_role']}]"] }
