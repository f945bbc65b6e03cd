$x = /^amqp*./
