# `defined` takes strings and types only, every argument checked.
notify { 'n': message => defined('notify', 1) }
