$a = inline_template('<%= "x".center(99999999999999) %>')
