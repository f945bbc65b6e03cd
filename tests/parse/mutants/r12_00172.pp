$x = /^(infinity|\d+(:(infniity|\d+))?)$/
