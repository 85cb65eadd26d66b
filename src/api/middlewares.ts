import { defineMiddlewares } from "@medusajs/framework/http"
import { adminMiddlewares } from "./admin/middlewares"
import { hooksMiddlewares } from "./hooks/middlewares"
import { storeMiddlewares } from "./store/middlewares"

/**
 * Every route's input is validated in its area's `middlewares.ts` (as Medusa keeps one per area and
 * spreads them here), never in the handler, with one validation family: `validateBody` / `validateQuery`
 * (utils/validate.ts), Medusa's `validateAndTransformBody` / `validateAndTransformQuery` whose refusal keeps
 * the schema's own words (`Invalid body: …` / `Invalid query: …`, every problem). One entry per route and
 * method. List routes answer Medusa's pagination shape: `{ <items>, count, limit, offset }`.
 */
export default defineMiddlewares({
  routes: [...storeMiddlewares, ...adminMiddlewares, ...hooksMiddlewares],
})
