# @summary Validate an unprivileged port nummber
