$x = /^[0-9]+(\slogout_on_error)?$$/
