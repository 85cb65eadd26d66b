import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Reminders of unpaid links: their outbox rows, and the admin's switch per link. */
export class Migration20261128023150 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_payment_request_reminder" drop constraint if exists "tikkie_payment_request_reminder_payment_request_id_number_unique";`
    )
    this.addSql(
      `create table if not exists "tikkie_payment_request_reminder" ("id" text not null, "payment_request_id" text not null, "number" integer not null, "state" text check ("state" in ('sending', 'sent', 'failed', 'dropped')) not null default 'sending', "language" text not null, "notification_id" text null, "attempts" integer not null default 0, "error" text null, "claimed_at" timestamptz not null, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_payment_request_reminder_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_reminder_deleted_at" ON "tikkie_payment_request_reminder" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_payment_request_reminder_payment_request_id_number_unique" ON "tikkie_payment_request_reminder" ("payment_request_id", "number") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "tikkie_payment_request" add column if not exists "reminders_off" boolean not null default false;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_payment_request_reminder" cascade;`)

    this.addSql(`alter table if exists "tikkie_payment_request" drop column if exists "reminders_off";`)
  }
}
