# A collector that collects nothing in the middle of a chain: the resources
# around it are related directly. One that collects something is related.
notify { 'a': tag => ['x'] }
-> Notify<| tag == 'nothing' |>
~> notify { 'b': }
-> Notify<| title == 'c' |>
-> notify { 'd': }
notify { 'c': }
[] -> notify { 'e': }
notify { 'f': } -> [] -> notify { 'g': }
