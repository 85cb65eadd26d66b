import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Invoice links: the payer's e-mail and language the admin gave, for reminders. */
export class Migration20261128051626 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_payment_request" add column if not exists "payer_email" text null, add column if not exists "payer_language" text check ("payer_language" in ('nl', 'en')) null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "tikkie_payment_request" drop column if exists "payer_email", drop column if exists "payer_language";`
    )
  }
}
