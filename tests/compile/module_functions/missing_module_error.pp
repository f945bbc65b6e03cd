# Without openstacklib on the modulepath there is no is_service_default().
notice(is_service_default('x'))
