import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123203434 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tikkie_refund_owed" drop constraint if exists "tikkie_refund_owed_key_unique";`)
    this.addSql(
      `create table if not exists "tikkie_refund_owed" ("id" text not null, "key" text not null, "order_id" text null, "payment_id" text null, "provider_id" text null, "amount_in_cents" numeric not null, "currency_code" text not null default 'eur', "payer_name" text null, "payer_account" jsonb null, "source" text check ("source" in ('cancel', 'return', 'claim', 'exchange', 'second_payment')) not null, "reason" text not null, "status" text check ("status" in ('owed', 'refunded')) not null default 'owed', "payment_request_token" text null, "tikkie_payment_token" text null, "refundable_at_tikkie" boolean not null default false, "refunded_by" text null, "refunded_at" timestamptz null, "bank_reference" text null, "note" text null, "medusa_refund_id" text null, "bank_transaction_id" text null, "bank_matched_by" text check ("bank_matched_by" in ('reference', 'amount_iban')) null, "raw_amount_in_cents" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_refund_owed_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_refund_owed_key_unique" ON "tikkie_refund_owed" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_refund_owed_deleted_at" ON "tikkie_refund_owed" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_refund_owed_order_id" ON "tikkie_refund_owed" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_refund_owed_status" ON "tikkie_refund_owed" ("status") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_refund_owed" cascade;`)
  }
}
