# Without metadata.json and without allowing it, load_module_metadata fails.
notify { 'x': message => load_module_metadata('nometa') }
