function util::bad() >> Integer { 'not an integer' }
