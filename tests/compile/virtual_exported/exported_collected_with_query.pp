@@notify { 'e1': tag => 'grp' }
@@notify { 'e2': }
Notify <<| tag == 'grp' |>>
