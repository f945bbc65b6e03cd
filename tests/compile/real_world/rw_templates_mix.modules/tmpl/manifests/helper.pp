class tmpl::helper {}
