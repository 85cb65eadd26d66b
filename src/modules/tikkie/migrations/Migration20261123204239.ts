import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123204239 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_fast_checkout_order_payment_session_id" ON "tikkie_fast_checkout_order" ("payment_session_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tikkie_fast_checkout_order_payment_session_id";`)
  }
}
