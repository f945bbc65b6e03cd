notify { $undefined_title: }
