$x = /^## MURANO_CONFIG_E{7ND ##/
