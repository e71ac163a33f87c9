import { type Kysely, sql } from 'kysely';

// Photos live in the database so that every app node behind a load balancer serves the same
// pictures and a backup carries them (decision 0023). One row per uploaded photo, one row per
// processed file (width x format); the optional original is kept only when the post turns that on.
// The content hash names the files in their URLs, so a URL never changes meaning and can be
// cached for ever.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table images (
      id serial primary key,
      hash text not null unique check (hash ~ '^[0-9a-f]{20}$'),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      widths integer[] not null,
      original bytea,
      original_type text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table image_variants (
      image_id integer not null references images(id) on delete cascade,
      width integer not null check (width > 0),
      format text not null check (format in ('avif', 'webp', 'jpeg')),
      data bytea not null,
      primary key (image_id, width, format)
    )`.execute(db);
  for (const table of ['news', 'events', 'community_engagements']) {
    await sql`alter table ${sql.table(table)} add column image_id integer references images(id) on delete set null`.execute(db);
    await sql`alter table ${sql.table(table)} add column image_alt text`.execute(db);
    // A picture always has its text alternative.
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_image_alt`)} check (image_id is null or length(btrim(coalesce(image_alt, ''))) > 0)`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
