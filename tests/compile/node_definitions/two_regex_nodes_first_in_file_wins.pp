node /node/ { notify { 'a': } }
node /node1/ { notify { 'b': } }
