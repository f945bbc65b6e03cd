//! Facts gathered from a host: the core facts Facter gives (os, kernel,
//! hostname, fqdn, networking, memory, processors), and facts read from files.
