# os_transport_url() refuses values of the wrong class (undef included).
notice(os_transport_url({ 'transport' => 'rabbit', 'host' => 'h', 'password' => undef }))
