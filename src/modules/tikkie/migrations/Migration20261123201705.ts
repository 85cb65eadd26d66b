import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123201705 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_fast_checkout_order" add column if not exists "next_check_at" timestamptz null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_fast_checkout_order_status_next_check_at" ON "tikkie_fast_checkout_order" ("status", "next_check_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "tikkie_payment_request" add column if not exists "next_check_at" timestamptz null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_next_check_at" ON "tikkie_payment_request" ("next_check_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tikkie_fast_checkout_order_status_next_check_at";`)
    this.addSql(`alter table if exists "tikkie_fast_checkout_order" drop column if exists "next_check_at";`)

    this.addSql(`drop index if exists "IDX_tikkie_payment_request_next_check_at";`)
    this.addSql(`alter table if exists "tikkie_payment_request" drop column if exists "next_check_at";`)
  }
}
