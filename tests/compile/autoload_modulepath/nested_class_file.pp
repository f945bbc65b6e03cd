include webapp::config
