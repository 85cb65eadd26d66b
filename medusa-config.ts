import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/** TIKKIE_SANDBOX=1: the services are the sandbox on purpose, also under NODE_ENV=production (the cluster). */
const sandbox = process.env.TIKKIE_SANDBOX === "1" ? { sandbox: true } : {}

/**
 * The Tikkie Fast Checkout provider, registered when the Tikkie environment is set (the demo and the
 * integration tests set it; the sandbox's URL as TIKKIE_BASE_URL). A shop registers it the same way,
 * with `resolve: "medusa-plugin-tikkie/providers/fast-checkout"`.
 */
const storefrontUrl = process.env.TIKKIE_STOREFRONT_URL || "http://localhost:8000"
const tikkieProviders = process.env.TIKKIE_BASE_URL
  ? [
      {
        resolve: "./src/providers/fast-checkout",
        id: "tikkie",
        options: {
          apiKey: process.env.TIKKIE_API_KEY,
          merchantToken: process.env.TIKKIE_MERCHANT_TOKEN,
          baseUrl: process.env.TIKKIE_BASE_URL,
          ...sandbox,
          product: process.env.TIKKIE_PRODUCT || "pay",
          storeUrl: process.env.TIKKIE_STORE_URL || `http://localhost:${process.env.PORT || 9000}`,
          successUrl: process.env.TIKKIE_SUCCESS_URL || `${storefrontUrl}/order/confirmed`,
          failureUrl: process.env.TIKKIE_FAILURE_URL || `${storefrontUrl}/checkout`,
          ...(process.env.TIKKIE_EXPIRATION_SECONDS
            ? { expirationSeconds: Number(process.env.TIKKIE_EXPIRATION_SECONDS) }
            : {}),
          ...(process.env.TIKKIE_REQUEST_TIMEOUT_MS
            ? { requestTimeoutMs: Number(process.env.TIKKIE_REQUEST_TIMEOUT_MS) }
            : {}),
        },
      },
      // Tikkie payment requests (pay by link), when an app token is set too (`tikkie-credentials` makes one).
      ...(process.env.TIKKIE_APP_TOKEN
        ? [
            {
              resolve: "./src/providers/payment-request",
              id: "tikkie",
              options: {
                apiKey: process.env.TIKKIE_API_KEY,
                appToken: process.env.TIKKIE_APP_TOKEN,
                baseUrl: process.env.TIKKIE_BASE_URL,
                ...sandbox,
                product: process.env.TIKKIE_PRODUCT || "pay",
                storeUrl: process.env.TIKKIE_STORE_URL || `http://localhost:${process.env.PORT || 9000}`,
                successUrl: process.env.TIKKIE_SUCCESS_URL || `${storefrontUrl}/order/confirmed`,
                failureUrl: process.env.TIKKIE_FAILURE_URL || `${storefrontUrl}/checkout`,
                subscribeNotifications: process.env.TIKKIE_SUBSCRIBE_NOTIFICATIONS === "1",
                ...(process.env.TIKKIE_REMINDER_AFTER_DAYS
                  ? {
                      reminderAfterDays: Number(process.env.TIKKIE_REMINDER_AFTER_DAYS),
                      maxReminders: Number(process.env.TIKKIE_MAX_REMINDERS || 1),
                    }
                  : {}),
                ...(process.env.TIKKIE_REQUEST_TIMEOUT_MS
                  ? { requestTimeoutMs: Number(process.env.TIKKIE_REQUEST_TIMEOUT_MS) }
                  : {}),
              },
            },
          ]
        : []),
      // Tikkie payment requests v1 (legacy API), when a v1 access token is set or TIKKIE_V1=oauth (the
      // token then comes from the v1 connection an admin makes, with the tikkie-bank module's OAuth
      // options): the plugin sets up the platform and user below once (stored) and polls the requests.
      // Id "tikkie-v1", so it can sit next to v2.
      ...(process.env.TIKKIE_V1_ACCESS_TOKEN || process.env.TIKKIE_V1 === "oauth"
        ? [
            {
              resolve: "./src/providers/payment-request",
              id: "tikkie-v1",
              options: {
                apiVersion: "v1",
                apiKey: process.env.TIKKIE_API_KEY,
                ...(process.env.TIKKIE_V1_ACCESS_TOKEN ? { accessToken: process.env.TIKKIE_V1_ACCESS_TOKEN } : {}),
                baseUrl: process.env.TIKKIE_BASE_URL,
                ...sandbox,
                product: process.env.TIKKIE_PRODUCT || "pay",
                storeUrl: process.env.TIKKIE_STORE_URL || `http://localhost:${process.env.PORT || 9000}`,
                successUrl: process.env.TIKKIE_SUCCESS_URL || `${storefrontUrl}/order/confirmed`,
                failureUrl: process.env.TIKKIE_FAILURE_URL || `${storefrontUrl}/checkout`,
                platform: {
                  name: process.env.TIKKIE_V1_PLATFORM_NAME,
                  phoneNumber: process.env.TIKKIE_V1_PLATFORM_PHONE,
                  ...(process.env.TIKKIE_V1_PLATFORM_EMAIL ? { email: process.env.TIKKIE_V1_PLATFORM_EMAIL } : {}),
                },
                user: {
                  name: process.env.TIKKIE_V1_USER_NAME,
                  phoneNumber: process.env.TIKKIE_V1_USER_PHONE,
                  iban: process.env.TIKKIE_V1_IBAN,
                  bankAccountLabel: process.env.TIKKIE_V1_BANK_ACCOUNT_LABEL,
                },
                ...(process.env.TIKKIE_REQUEST_TIMEOUT_MS
                  ? { requestTimeoutMs: Number(process.env.TIKKIE_REQUEST_TIMEOUT_MS) }
                  : {}),
              },
            },
          ]
        : []),
    ]
  : []

/**
 * Production shape (docs/production.md): with REDIS_URL set, the store runs as `server` and
 * `worker` instances (MEDUSA_WORKER_MODE) that share Postgres and Redis, with Medusa's Redis event bus,
 * locking, workflow engine and cache. Without it, one process with Medusa's in-memory defaults (demo,
 * tests, a small shop); the plugin refuses to start a `server` or `worker` instance on those
 * (src/modules/tikkie/loaders/check-production-shape.ts).
 */
const redisUrl = process.env.REDIS_URL
const workerMode = process.env.MEDUSA_WORKER_MODE || "shared"
if (workerMode !== "shared" && workerMode !== "server" && workerMode !== "worker") {
  throw new Error(`MEDUSA_WORKER_MODE must be shared, server or worker, got "${workerMode.slice(0, 20)}"`)
}
const redisModules = redisUrl
  ? [
      {
        resolve: "@medusajs/medusa/event-bus-redis",
        options: {
          redisUrl,
          workerOptions: {
            // Jobs one worker instance runs at once. Medusa's default is 1: a storm of Fast Checkout webhooks
            // then waits in the queue one settlement at a time. 8 matches the plugin's per-process settlement
            // queue and leaves database connections for the rest of the store.
            concurrency: Number(process.env.EVENT_BUS_CONCURRENCY) || 8,
            // A job whose worker died is handed to another worker once its lock (renewed every 5 s while the
            // worker lives) lapses: within 10-15 s instead of BullMQ's 30-60 s.
            lockDuration: 10_000,
            stalledInterval: 5_000,
          },
        },
      },
      ...(process.env.MEDUSA_LOCKING === "postgres"
        ? []
        : [
            {
              resolve: "@medusajs/medusa/locking",
              options: {
                providers: [
                  {
                    resolve: "@medusajs/medusa/locking-redis",
                    id: "locking-redis",
                    is_default: true,
                    options: { redisUrl },
                  },
                ],
              },
            },
          ]),
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
    ]
  : []

/**
 * MEDUSA_LOCKING=postgres: Medusa's Postgres locking instead of the in-memory or Redis one. The tests of the
 * return slots and lock waits boot one process with it; a `server` or `worker` instance refuses it
 * (modules/tikkie/production-shape.ts: each settlement lock holds a pool connection, a storm takes the pool).
 */
const postgresLocking =
  process.env.MEDUSA_LOCKING === "postgres"
    ? [
        {
          resolve: "@medusajs/medusa/locking",
          options: {
            providers: [{ resolve: "@medusajs/medusa/locking-postgres", id: "locking-postgres", is_default: true }],
          },
        },
      ]
    : []

/**
 * Under the test runner (NODE_ENV=test) only: scrypt at logN 10 for emailpass passwords instead of Medusa's 15
 * (0.1 s of CPU a hash). The tests register and log in an admin per test; a shop keeps Medusa's default.
 */
const testPasswordHashing =
  process.env.NODE_ENV === "test"
    ? [
        {
          resolve: "@medusajs/medusa/auth",
          options: {
            providers: [
              {
                resolve: "@medusajs/medusa/auth-emailpass",
                id: "emailpass",
                options: { hashConfig: { logN: 10, r: 8, p: 1 } },
              },
            ],
          },
        },
      ]
    : []

/**
 * The store configuration the integration tests and the demo run: this repository's `src/` is loaded
 * as the project's own extensions (routes, subscribers, jobs, workflows), and its modules and
 * providers are registered the way a shop registers them from the published package.
 */
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    ...(redisUrl ? { redisUrl } : {}),
    // shared (default: one process does both), server (HTTP only) or worker (subscribers and jobs only).
    workerMode,
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
    ...redisModules,
    ...postgresLocking,
    ...testPasswordHashing,
    {
      resolve: "./src/modules/tikkie",
      // The express checkout's shipping preference (ids or type codes, comma-separated): src/modules/tikkie/options.ts.
      options: process.env.TIKKIE_EXPRESS_SHIPPING_OPTIONS
        ? { expressShippingOptions: process.env.TIKKIE_EXPRESS_SHIPPING_OPTIONS.split(",").filter(Boolean) }
        : {},
    },
    {
      // Bank account and reconciliation (account information service); off while TIKKIE_BANK_CLIENT_ID is unset.
      // Options: src/modules/tikkie-bank/options.ts. Empty values count as not given.
      resolve: "./src/modules/tikkie-bank",
      options: process.env.TIKKIE_BANK_CLIENT_ID
        ? {
            clientId: process.env.TIKKIE_BANK_CLIENT_ID,
            apiKey: process.env.TIKKIE_BANK_API_KEY || process.env.TIKKIE_API_KEY,
            authUrl: process.env.TIKKIE_BANK_AUTH_URL,
            baseUrl: process.env.TIKKIE_BANK_BASE_URL,
            ...sandbox,
            storeUrl: process.env.TIKKIE_BANK_STORE_URL || process.env.TIKKIE_STORE_URL,
            clientCertificate: process.env.TIKKIE_BANK_CLIENT_CERT,
            clientCertificateFile: process.env.TIKKIE_BANK_CLIENT_CERT_FILE,
            clientKey: process.env.TIKKIE_BANK_CLIENT_KEY,
            clientKeyFile: process.env.TIKKIE_BANK_CLIENT_KEY_FILE,
            ca: process.env.TIKKIE_BANK_CA,
            caFile: process.env.TIKKIE_BANK_CA_FILE,
            tokenEncryptionKey: process.env.TIKKIE_BANK_TOKEN_ENCRYPTION_KEY,
            // Key rotation (docs/token-encryption.md): the keys that sealed tokens before, comma-separated.
            ...(process.env.TIKKIE_BANK_PREVIOUS_TOKEN_ENCRYPTION_KEYS
              ? {
                  previousTokenEncryptionKeys: process.env.TIKKIE_BANK_PREVIOUS_TOKEN_ENCRYPTION_KEYS.split(",")
                    .map((k) => k.trim())
                    .filter(Boolean),
                }
              : {}),
            ...(process.env.TIKKIE_BANK_OVERDUE_AFTER_BANK_DAYS
              ? { overdueAfterBankDays: Number(process.env.TIKKIE_BANK_OVERDUE_AFTER_BANK_DAYS) }
              : {}),
            ...(process.env.TIKKIE_BANK_HISTORY_MONTHS
              ? { historyMonths: Number(process.env.TIKKIE_BANK_HISTORY_MONTHS) }
              : {}),
          }
        : {},
    },
    {
      resolve: "@medusajs/medusa/payment",
      // A provider reaches another module only when the payment module lists it: the plugin's module (its
      // clients, read budget and records), the locking module (one refund of a payment at a time) and, for v1
      // on the admin's OAuth connection, the tikkie-bank module (docs/payment-requests-v1.md).
      dependencies: process.env.TIKKIE_V1 === "oauth" ? ["tikkie", "tikkieBank", "locking"] : ["tikkie", "locking"],
      options: { providers: tikkieProviders },
    },
    {
      // The admin's "Send to customer" of a Tikkie link notifies on the "email" channel. A shop registers its
      // email provider here; the demo and tests use Medusa's local provider, which writes it to the log.
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            options: { name: "Local Notification Provider", channels: ["feed", "email"] },
          },
        ],
      },
    },
  ],
})
