include m::p
