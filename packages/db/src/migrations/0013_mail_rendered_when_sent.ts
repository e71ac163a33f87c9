import { type Kysely, sql } from 'kysely';

// Messages rendered when sent (decision 0045). A request now stores what to send: the name of a
// template and its parameters (JSON: dates as ISO strings); the worker renders the row when it
// sends it and writes the subject, HTML and text back in the update that marks it sent. Rows
// queued rendered (newsletter copies, password resets...) keep working as before. Either the
// rendered fields or a template are present.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table mail_outbox
      add column template text,
      add column params jsonb,
      alter column subject drop not null,
      alter column html drop not null,
      alter column text_body drop not null,
      add constraint mail_outbox_rendered_or_template
        check (template is not null or (subject is not null and html is not null and text_body is not null))`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
