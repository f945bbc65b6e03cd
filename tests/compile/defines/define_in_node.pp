define greet { notify { "hello ${title}": } }
node default { greet { 'world': } }
