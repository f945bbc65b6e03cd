node /^node\d+/ { notify { 'first-regex': } }
node /example\.com$/ { notify { 'second-regex': } }
