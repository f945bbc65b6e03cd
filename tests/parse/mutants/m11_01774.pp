# @summary Validate a HTTPS URL
