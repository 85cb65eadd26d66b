import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121221854 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_payment_request" drop constraint if exists "tikkie_payment_request_payment_request_token_unique";`
    )
    this.addSql(
      `alter table if exists "tikkie_notification_subscription" drop constraint if exists "tikkie_notification_subscription_provider_id_unique";`
    )
    this.addSql(
      `create table if not exists "tikkie_notification_subscription" ("id" text not null, "provider_id" text not null, "subscription_id" text not null, "url" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_notification_subscription_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_notification_subscription_provider_id_unique" ON "tikkie_notification_subscription" ("provider_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_notification_subscription_deleted_at" ON "tikkie_notification_subscription" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "tikkie_payment_request" ("id" text not null, "payment_request_token" text not null, "kind" text check ("kind" in ('checkout', 'order', 'invoice')) not null, "provider_id" text not null, "url" text not null, "description" text not null, "reference_id" text null, "amount_in_cents" numeric null, "currency_code" text not null default 'eur', "expiry_date" text not null, "status" text not null default 'OPEN', "payment_session_id" text null, "payment_collection_id" text null, "cart_id" text null, "order_id" text null, "medusa_payment_id" text null, "payments" jsonb not null default '{"items":[]}', "success_url" text null, "failure_url" text null, "cancelled_at" timestamptz null, "problem" text null, "attempts" integer not null default 0, "last_checked_at" timestamptz null, "metadata" jsonb null, "raw_amount_in_cents" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_payment_request_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_payment_request_token_unique" ON "tikkie_payment_request" ("payment_request_token") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_deleted_at" ON "tikkie_payment_request" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_kind_status" ON "tikkie_payment_request" ("kind", "status") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_order_id" ON "tikkie_payment_request" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_payment_session_id" ON "tikkie_payment_request" ("payment_session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_cart_id" ON "tikkie_payment_request" ("cart_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_notification_subscription" cascade;`)

    this.addSql(`drop table if exists "tikkie_payment_request" cascade;`)
  }
}
