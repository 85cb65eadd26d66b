import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Refunds owed marked sent by bank transfer on the row itself, no longer in Medusa's payment data. */

export class Migration20261128051209 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_refund_owed" add column if not exists "bank_transfer_marked_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tikkie_refund_owed" drop column if exists "bank_transfer_marked_at";`)
  }
}
