import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Payment requests: the per-request read claim of returns and polls (payment-request/utils/read-claim.ts). */
export class Migration20261128090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_payment_request" add column if not exists "read_claimed_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tikkie_payment_request" drop column if exists "read_claimed_at";`)
  }
}
