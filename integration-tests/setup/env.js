// Medusa's integration runner reads these; the global setup has filled DB_* when it started Postgres.
process.env.NODE_ENV = "test"
process.env.DB_TEMP_NAME ??= `tikkie_${process.pid}`
// The tests run the plugin's jobs themselves (src/utils/job-schedule.ts).
process.env.TIKKIE_SCHEDULED_JOBS = "off"
