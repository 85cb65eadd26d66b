import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125224652 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_fast_checkout_order" add column if not exists "retry_until" timestamptz null;`
    )

    this.addSql(
      `alter table if exists "tikkie_payment_request" add column if not exists "retry_until" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tikkie_fast_checkout_order" drop column if exists "retry_until";`)

    this.addSql(`alter table if exists "tikkie_payment_request" drop column if exists "retry_until";`)
  }
}
