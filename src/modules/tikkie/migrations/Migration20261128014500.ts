import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128014500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_fast_checkout_order" add column if not exists "delivery_review" jsonb null, add column if not exists "delivery_reviewed_at" timestamptz null, add column if not exists "delivery_reviewed_by" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_fast_checkout_order" drop column if exists "delivery_review", drop column if exists "delivery_reviewed_at", drop column if exists "delivery_reviewed_by";`
    )
  }
}
