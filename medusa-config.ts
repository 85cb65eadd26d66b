import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * The store configuration the integration tests and the demo run: this repository's `src/` is loaded
 * as the project's own extensions (routes, subscribers, jobs, workflows), and its modules and
 * providers are registered the way a shop registers them from the published package.
 */
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: process.env.TIKKIE_ADMIN !== "1",
  },
  modules: [
    {
      resolve: "./src/modules/tikkie",
    },
  ],
})
