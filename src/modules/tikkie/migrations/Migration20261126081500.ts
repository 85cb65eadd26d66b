import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261126081500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_refund_owed" add column if not exists "iban_requested_at" timestamptz null, add column if not exists "iban_requested_by" text null, add column if not exists "iban_requested_via" text check ("iban_requested_via" in ('email', 'mailto')) null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_refund_owed" drop column if exists "iban_requested_at", drop column if exists "iban_requested_by", drop column if exists "iban_requested_via";`
    )
  }
}
