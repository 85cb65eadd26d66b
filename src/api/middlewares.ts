import { defineMiddlewares } from "@medusajs/framework/http"
import { adminMiddlewares } from "./admin/middlewares"
import { hooksMiddlewares } from "./hooks/middlewares"
import { storeMiddlewares } from "./store/middlewares"

/** Each area's `middlewares.ts` validates its routes, spread here as Medusa does (docs/development/architecture.md). */
export default defineMiddlewares({
  routes: [...storeMiddlewares, ...adminMiddlewares, ...hooksMiddlewares],
})
