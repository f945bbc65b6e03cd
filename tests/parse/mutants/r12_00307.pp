$x = /\Acod0n\z/
