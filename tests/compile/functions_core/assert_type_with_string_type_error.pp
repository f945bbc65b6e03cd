assert_type(Array[Integer], [1, 'x'])
