if '' { notify { 'empty string is true': } }
if [] { notify { 'empty array is true': } }
if 0 { notify { 'zero is true': } }
if undef { notify { 'undef is true': } } else { notify { 'undef is false': } }
