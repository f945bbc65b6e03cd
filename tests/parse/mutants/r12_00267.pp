$x = /^## MUR[:ANO_CONFIG_END ##/
