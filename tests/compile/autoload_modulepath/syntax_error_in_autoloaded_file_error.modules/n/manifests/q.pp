class n::q { notify { "q": }
