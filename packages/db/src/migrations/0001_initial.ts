import { type Kysely, sql } from 'kysely';

// Frozen in time: the enumerations are spelled out here, not imported, so that later
// changes to the contracts never alter what this migration did.
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));

const EVENT_TYPES = ['regular', 'special', 'community', 'fundraiser'];
const RESOURCE_CATEGORIES = ['healthcare', 'benefits', 'crisis', 'local', 'vfw'];
const COMMUNICATION_TYPES = ['announcement', 'newsletter', 'meeting_minutes', 'urgent_notice'];
const PRIORITIES = ['low', 'normal', 'high', 'urgent'];
const TARGET_AUDIENCES = ['all_members', 'officers', 'life_members', 'annual_members'];
const MEMBER_RESOURCE_CATEGORIES = ['bylaws', 'forms', 'meetings', 'benefits', 'documents'];
const RESOURCE_TYPES = ['document', 'form', 'guide', 'handbook', 'archive', 'link'];
const ACCESS_LEVELS = ['member', 'officers', 'life_members', 'annual_members'];
const POST_ROLES = [
  'none', 'Post Commander', 'Senior Vice Commander', 'Junior Vice Commander', 'Quartermaster', 'Chaplain',
  'Adjutant', 'First Year Trustee', 'Second Year Trustee', 'Third Year Trustee', 'Service Officer', 'Judge Advocate',
];
const MEMBERSHIP_TYPES = ['Life Member', 'Annual Member', 'Associate Member', 'Auxiliary Member'];
const BRANCHES = ['unspecified', 'Army', 'Navy', 'Air Force', 'Marines', 'Coast Guard', 'Space Force'];
const DUES_STATUSES = ['current', 'due', 'overdue', 'exempt'];

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.unique())
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('admin').check(sql`role in ('admin')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('sid', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('sess', 'jsonb', (c) => c.notNull())
    .addColumn('expire', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_expire_idx').on('session').column('expire').execute();
  await sql`create index session_user_idx on session (((sess->>'userId')::int)) where sess ? 'userId'`.execute(db);

  await db.schema
    .createTable('events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('location', 'varchar(255)', (c) => c.notNull())
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('regular').check(sql`type in (${inList(EVENT_TYPES)})`))
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('volunteer_positions', 'integer', (c) =>
      c.notNull().defaultTo(10).check(sql`volunteer_positions between 0 and 1000`),
    )
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('events_end_after_start', sql`end_date >= start_date`)
    .execute();
  await db.schema.createIndex('events_start_idx').on('events').column('start_date').execute();

  await db.schema
    .createTable('volunteers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('role', 'varchar(100)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index volunteers_event_email_uq on volunteers (event_id, lower(email))`.execute(db);

  await db.schema
    .createTable('news')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_date', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('published_by', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('news_publish_idx').on('news').column('publish_date').execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) =>
      c.notNull().defaultTo('healthcare').check(sql`category in (${inList(RESOURCE_CATEGORIES)})`),
    )
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"order" >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('commander_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_date', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('published_by', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index commander_messages_one_active on commander_messages (active) where active`.execute(db);

  await db.schema
    .createTable('community_engagements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('image_url', 'varchar(255)')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index community_engagements_one_active on community_engagements (active) where active`.execute(db);

  await db.schema
    .createTable('members')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('membership_number', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('address', 'text')
    .addColumn('city', 'varchar(100)')
    .addColumn('state', 'varchar(50)')
    .addColumn('zip_code', 'varchar(10)')
    .addColumn('membership_type', 'varchar(50)', (c) =>
      c.notNull().defaultTo('Annual Member').check(sql`membership_type in (${inList(MEMBERSHIP_TYPES)})`),
    )
    .addColumn('branch_of_service', 'varchar(20)', (c) =>
      c.notNull().defaultTo('unspecified').check(sql`branch_of_service in (${inList(BRANCHES)})`),
    )
    .addColumn('years_of_service', 'integer', (c) => c.notNull().defaultTo(0).check(sql`years_of_service >= 0`))
    .addColumn('deployments', 'text')
    .addColumn('member_since', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('dues_status', 'varchar(20)', (c) =>
      c.notNull().defaultTo('current').check(sql`dues_status in (${inList(DUES_STATUSES)})`),
    )
    .addColumn('post_role', 'varchar(50)', (c) => c.notNull().defaultTo('none').check(sql`post_role in (${inList(POST_ROLES)})`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('has_online_access', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('login_password', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index members_email_uq on members (lower(email))`.execute(db);
  await db.schema.createIndex('members_name_idx').on('members').columns(['last_name', 'first_name']).execute();

  await db.schema
    .createTable('member_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('session_token', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip_address', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('member_sessions_member_idx').on('member_sessions').column('member_id').execute();

  await db.schema
    .createTable('member_communications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(30)', (c) => c.notNull().check(sql`type in (${inList(COMMUNICATION_TYPES)})`))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('priority', 'varchar(10)', (c) => c.notNull().defaultTo('normal').check(sql`priority in (${inList(PRIORITIES)})`))
    .addColumn('target_audience', 'varchar(20)', (c) =>
      c.notNull().defaultTo('all_members').check(sql`target_audience in (${inList(TARGET_AUDIENCES)})`),
    )
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_date', 'timestamptz')
    .addColumn('expiry_date', 'timestamptz')
    .addColumn('attachment_url', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('member_resources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull().check(sql`category in (${inList(MEMBER_RESOURCE_CATEGORIES)})`))
    .addColumn('resource_type', 'varchar(20)', (c) => c.notNull().check(sql`resource_type in (${inList(RESOURCE_TYPES)})`))
    .addColumn('resource_url', 'varchar(500)')
    .addColumn('file_size', 'varchar(50)')
    .addColumn('access_level', 'varchar(20)', (c) =>
      c.notNull().defaultTo('member').check(sql`access_level in (${inList(ACCESS_LEVELS)})`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('member_resource_files')
    .addColumn('resource_id', 'integer', (c) => c.primaryKey().references('member_resources.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index newsletter_email_uq on newsletter_subscribers (lower(email))`.execute(db);

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
