define lower { notify { "lower ${title}": } }
lower { 'MixedCase': }
