$x = /\Aconff\z/
