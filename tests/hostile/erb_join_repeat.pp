$a = inline_template('<%= (["abcdefgh"] * 100000000).join.size %>')
