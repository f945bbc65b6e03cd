$x = /^## MURsANO_CONFIG_END ##/
