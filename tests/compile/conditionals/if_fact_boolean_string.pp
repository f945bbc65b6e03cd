if $facts['is_virtual'] == true { notify { 'bool true': } }
if "${facts['is_virtual']}" == 'true' { notify { 'string true': } }
