$x = /^[0-9]+(\slogout_o2n_error)?$/
