import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A refund owed can come from the admin's refund (Medusa's Refund on a payment Tikkie cannot refund). */
export class Migration20261128020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_refund_owed" drop constraint if exists "tikkie_refund_owed_source_check";`
    )
    this.addSql(
      `alter table if exists "tikkie_refund_owed" add constraint "tikkie_refund_owed_source_check" check ("source" in ('cancel', 'return', 'claim', 'exchange', 'second_payment', 'refund'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_refund_owed" drop constraint if exists "tikkie_refund_owed_source_check";`
    )
    this.addSql(
      `alter table if exists "tikkie_refund_owed" add constraint "tikkie_refund_owed_source_check" check ("source" in ('cancel', 'return', 'claim', 'exchange', 'second_payment'));`
    )
  }
}
