import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The health card's marks: the last call, refusal, webhook and poll run per Tikkie service. */
export class Migration20261128051211 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tikkie_health_mark" drop constraint if exists "tikkie_health_mark_key_unique";`)
    this.addSql(
      `create table if not exists "tikkie_health_mark" ("id" text not null, "key" text not null, "last_ok_at" timestamptz null, "last_refused_at" timestamptz null, "refused_code" text null, "refused_status" integer null, "last_failed_at" timestamptz null, "failed_code" text null, "last_webhook_at" timestamptz null, "poll_run_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tikkie_health_mark_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tikkie_health_mark_key_unique" ON "tikkie_health_mark" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tikkie_health_mark_deleted_at" ON "tikkie_health_mark" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tikkie_health_mark" cascade;`)
  }
}
