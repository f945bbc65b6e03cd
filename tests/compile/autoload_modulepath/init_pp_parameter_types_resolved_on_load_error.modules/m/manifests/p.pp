class m::p { notify { "p": } }
