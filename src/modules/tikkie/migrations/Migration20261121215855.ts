import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121215855 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_rate_window" drop constraint if exists "tikkie_rate_window_key_window_unique";`
    )
    this.addSql(
      `alter table if exists "tikkie_fast_checkout_order" drop constraint if exists "tikkie_fast_checkout_order_order_token_unique";`
    )
    this.addSql(
      `create table if not exists "tikkie_fast_checkout_order" ("id" text not null, "order_token" text not null, "reference_id" text not null, "status" text check ("status" in ('NEW', 'PAID', 'CANCELLED', 'EXPIRED', 'ERROR')) not null default 'NEW', "checkout_url" text not null, "success_url" text not null, "failure_url" text not null, "provider_id" text not null, "cart_id" text null, "payment_session_id" text null, "amount_in_cents" numeric not null, "currency_code" text not null default 'eur', "expires_at" timestamptz not null, "payer" jsonb null, "medusa_order_id" text null, "problem" text null, "attempts" integer not null default 0, "last_checked_at" timestamptz null, "raw_amount_in_cents" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_fast_checkout_order_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_fast_checkout_order_order_token_unique" ON "tikkie_fast_checkout_order" ("order_token") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_fast_checkout_order_deleted_at" ON "tikkie_fast_checkout_order" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_fast_checkout_order_status_expires_at" ON "tikkie_fast_checkout_order" ("status", "expires_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_fast_checkout_order_cart_id" ON "tikkie_fast_checkout_order" ("cart_id") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "tikkie_rate_window" ("id" text not null, "key" text not null, "window" integer not null, "count" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_rate_window_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_rate_window_deleted_at" ON "tikkie_rate_window" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_rate_window_key_window_unique" ON "tikkie_rate_window" ("key", "window") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_fast_checkout_order" cascade;`)

    this.addSql(`drop table if exists "tikkie_rate_window" cascade;`)
  }
}
