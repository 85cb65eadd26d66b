import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122020947 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tikkie_pay_grant" drop constraint if exists "tikkie_pay_grant_slot_unique";`)
    this.addSql(
      `create table if not exists "tikkie_pay_grant" ("id" text not null, "slot" text not null default 'store', "status" text check ("status" in ('connected', 'needs_consent')) not null default 'connected', "problem" text null, "access_token" text not null, "refresh_token" text not null, "access_expires_at" timestamptz not null, "token_version" integer not null default 1, "connected_by" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_pay_grant_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_pay_grant_slot_unique" ON "tikkie_pay_grant" ("slot") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_pay_grant_deleted_at" ON "tikkie_pay_grant" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "tikkie_bank_consent_state" add column if not exists "purpose" text check ("purpose" in ('bank', 'pay')) not null default 'bank';`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_pay_grant" cascade;`)

    this.addSql(`alter table if exists "tikkie_bank_consent_state" drop column if exists "purpose";`)
  }
}
