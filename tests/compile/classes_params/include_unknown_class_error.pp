include nosuch::klass
