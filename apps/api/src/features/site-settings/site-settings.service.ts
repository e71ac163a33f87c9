import type { DB } from '@post/db';
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema, type SiteSettings } from '@post/contracts/site-settings';

/** The post's settings; defaults fill anything missing (older records, a new database). */
export async function getSettings(db: DB): Promise<SiteSettings> {
  const row = await db.selectFrom('siteSettings').select('data').where('id', '=', 1).executeTakeFirst();
  const merged = { ...DEFAULT_SITE_SETTINGS, ...(row?.data ?? {}) };
  const parsed = SiteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

/** Replaces the post's settings. */
export async function saveSettings(db: DB, settings: SiteSettings): Promise<SiteSettings> {
  const data = JSON.stringify(settings);
  await db
    .insertInto('siteSettings')
    .values({ id: 1, data, updatedAt: new Date() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data, updatedAt: new Date() }))
    .execute();
  return settings;
}
