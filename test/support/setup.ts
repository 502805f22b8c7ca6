/**
 * Mocha root setup: specs run as the "test" environment, so adapter response guards answer with
 * their own error response instead of rethrowing (the development behaviour is pinned explicitly).
 */
process.env["NODE_ENV"] ??= "test";
