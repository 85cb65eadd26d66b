// Medusa's integration runner reads these; the global setup has filled DB_* when it started Postgres.
process.env.NODE_ENV = "test"
process.env.DB_TEMP_NAME ??= `tikkie_${process.pid}`
