@@notify { 'e': }
@notify { 'v': }
Notify <<| |>>
