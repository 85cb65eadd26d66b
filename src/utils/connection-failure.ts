/**
 * The store lost its database (or Redis) connection: Postgres restarting or refusing connections, a
 * connection cut under a query, the pool unable to hand one out. Nothing about the payment or the cart
 * is wrong, so a settlement that meets it retries within seconds of the outage's end instead of
 * recording a problem (retry-soon.ts). Worded by pg, knex, MikroORM and ioredis.
 */
export function isConnectionFailure(message: string): boolean {
  return CONNECTION_FAILURE.test(message)
}

const CONNECTION_FAILURE =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|connection terminated|terminating connection|connection ended unexpectedly|server closed the connection|the database system is (starting up|shutting down|in recovery mode)|timeout acquiring a connection|connection is closed|client has encountered a connection error|Connection lost/i
