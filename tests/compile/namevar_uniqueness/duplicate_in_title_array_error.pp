package { ['vim', 'git', 'vim']: }
