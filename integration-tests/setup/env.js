// Medusa's integration runner reads these; the global setup has filled DB_* when it started Postgres.
process.env.NODE_ENV = "test"
process.env.DB_TEMP_NAME ??= `tikkie_${process.pid}`
// The tests run the plugin's jobs themselves (src/utils/job-schedule.ts).
process.env.TIKKIE_SCHEDULED_JOBS = "off"
// One read of a Tikkie order or link per 3 s instead of 5 s (webhook-read-claim.ts): the tests that wait
// an interval out wait less, and each still asserts in terms of the interval.
process.env.TIKKIE_READ_INTERVAL_MS ??= "3000"
