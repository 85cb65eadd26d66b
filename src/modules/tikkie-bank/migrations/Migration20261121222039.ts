import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121222039 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_bank_transaction" drop constraint if exists "tikkie_bank_transaction_transaction_id_unique";`
    )
    this.addSql(
      `alter table if exists "tikkie_bank_payout" drop constraint if exists "tikkie_bank_payout_transaction_id_unique";`
    )
    this.addSql(
      `alter table if exists "tikkie_bank_payout" drop constraint if exists "tikkie_bank_payout_source_reference_unique";`
    )
    this.addSql(
      `alter table if exists "tikkie_bank_consent_state" drop constraint if exists "tikkie_bank_consent_state_state_hash_unique";`
    )
    this.addSql(
      `alter table if exists "tikkie_bank_connection" drop constraint if exists "tikkie_bank_connection_slot_unique";`
    )
    this.addSql(
      `create table if not exists "tikkie_bank_connection" ("id" text not null, "slot" text not null default 'store', "account_number" text not null, "bank" text not null, "scopes" text not null, "status" text check ("status" in ('connected', 'needs_consent')) not null default 'connected', "problem" text null, "access_token" text not null, "refresh_token" text not null, "access_expires_at" timestamptz not null, "token_version" integer not null default 1, "connected_by" text not null, "synced_through" text null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_bank_connection_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_bank_connection_slot_unique" ON "tikkie_bank_connection" ("slot") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_bank_connection_deleted_at" ON "tikkie_bank_connection" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "tikkie_bank_consent_state" ("id" text not null, "state_hash" text not null, "user_id" text not null, "bank" text not null, "scopes" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_bank_consent_state_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_bank_consent_state_state_hash_unique" ON "tikkie_bank_consent_state" ("state_hash") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_bank_consent_state_deleted_at" ON "tikkie_bank_consent_state" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "tikkie_bank_payout" ("id" text not null, "source" text not null, "reference" text not null, "amount_in_cents" numeric not null, "currency" text not null, "paid_date" text not null, "due_date" text not null, "medusa_order_id" text null, "transaction_id" text null, "matched_by" text check ("matched_by" in ('reference', 'amount_date')) null, "matched_at" timestamptz null, "raw_amount_in_cents" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_bank_payout_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_bank_payout_deleted_at" ON "tikkie_bank_payout" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_bank_payout_source_reference_unique" ON "tikkie_bank_payout" ("source", "reference") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_bank_payout_transaction_id_unique" ON "tikkie_bank_payout" ("transaction_id") WHERE transaction_id IS NOT NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_bank_payout_paid_date" ON "tikkie_bank_payout" ("paid_date") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "tikkie_bank_transaction" ("id" text not null, "transaction_id" text not null, "account_number" text not null, "amount_in_cents" numeric not null, "currency" text not null, "book_date" text not null, "description_lines" jsonb not null, "counter_party_name" text null, "counter_party_account_number" text null, "mutation_code" text null, "transaction_timestamp" text null, "raw_amount_in_cents" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_bank_transaction_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_bank_transaction_transaction_id_unique" ON "tikkie_bank_transaction" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_bank_transaction_deleted_at" ON "tikkie_bank_transaction" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_bank_transaction_book_date" ON "tikkie_bank_transaction" ("book_date") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_bank_connection" cascade;`)

    this.addSql(`drop table if exists "tikkie_bank_consent_state" cascade;`)

    this.addSql(`drop table if exists "tikkie_bank_payout" cascade;`)

    this.addSql(`drop table if exists "tikkie_bank_transaction" cascade;`)
  }
}
