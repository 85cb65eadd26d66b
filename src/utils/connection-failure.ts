/** A lost database or Redis connection: nothing is wrong with the payment, so a settlement retries soon. */
export function isConnectionFailure(message: string): boolean {
  return CONNECTION_FAILURE.test(message)
}

const CONNECTION_FAILURE =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|connection terminated|terminating connection|connection ended unexpectedly|server closed the connection|the database system is (starting up|shutting down|in recovery mode)|timeout acquiring a connection|connection is closed|client has encountered a connection error|Connection lost/i
