import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121230830 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_payment_request_v1_setup" drop constraint if exists "tikkie_payment_request_v1_setup_provider_id_unique";`
    )
    this.addSql(
      `create table if not exists "tikkie_payment_request_v1_setup" ("id" text not null, "provider_id" text not null, "fingerprint" text not null, "platform_token" text null, "user_token" text null, "bank_account_token" text null, "problem" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_payment_request_v1_setup_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_v1_setup_provider_id_unique" ON "tikkie_payment_request_v1_setup" ("provider_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_v1_setup_deleted_at" ON "tikkie_payment_request_v1_setup" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_payment_request_v1_setup" cascade;`)
  }
}
