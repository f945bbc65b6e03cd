class c { notify { 'before': } tag 'late' notify { 'after': } }
include c
