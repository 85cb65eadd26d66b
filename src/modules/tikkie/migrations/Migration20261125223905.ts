import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125223905 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_fast_checkout_order" add column if not exists "webhook_read_at" timestamptz null, add column if not exists "webhook_reads_deferred" integer not null default 0;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_fast_checkout_order" drop column if exists "webhook_read_at", drop column if exists "webhook_reads_deferred";`
    )
  }
}
