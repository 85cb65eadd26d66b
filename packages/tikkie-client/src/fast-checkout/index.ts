export { FastCheckoutClient, GET_ORDER_CALLS_PER_SECOND, type CreatedOrder } from "./client"
export { type FastCheckoutClientOptions, type FastCheckoutProduct } from "./client-options"
export { FAST_CHECKOUT_ERRORS, FAST_CHECKOUT_VALIDATION_CODES } from "./codes"
export {
  amountToPayInCents,
  itemsTotalInCents,
  MAX_ITEMS_TOTAL_IN_CENTS,
  orderTotalInCents,
  type CentsItem,
  type CentsOrder,
} from "./money"
export {
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  CreateSandboxMerchantResponseSchema,
  FAST_CHECKOUT_FINAL_STATUSES,
  FAST_CHECKOUT_STATUSES,
  FastCheckoutItemSchema,
  FastCheckoutOrderSchema,
  FastCheckoutStatusSchema,
  FastCheckoutWebhookSchema,
  isFinalFastCheckoutStatus,
  OrderTokenSchema,
  type CreateOrderBody,
  type FastCheckoutItem,
  type FastCheckoutOrder,
  type FastCheckoutPayer,
  type FastCheckoutStatus,
  type FastCheckoutWebhook,
} from "./schemas"
export { describeFastCheckoutFailure, validateFastCheckout } from "./validate"
