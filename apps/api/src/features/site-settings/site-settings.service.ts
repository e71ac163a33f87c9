import type { DB } from '@post/db';
import { imageMessages } from '@post/contracts/messages/images';
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema, type SiteSettings, type SiteSettingsOutput } from '@post/contracts/site-settings';
import { withImages } from '../images/images.service.ts';
import { badRequest } from '../../errors.ts';

/** The post's settings; defaults fill anything missing (older records, a new database). */
export async function getSettings(db: DB): Promise<SiteSettings> {
  const row = await db.selectFrom('siteSettings').select('data').where('id', '=', 1).executeTakeFirst();
  const merged = { ...DEFAULT_SITE_SETTINGS, ...(row?.data ?? {}) };
  const parsed = SiteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

/** The post's settings with the logo's picture (what `siteSettings.get` answers and pages carry). */
export async function getPublicSettings(db: DB): Promise<SiteSettingsOutput> {
  return withLogo(db, await getSettings(db));
}

async function withLogo(db: DB, settings: SiteSettings): Promise<SiteSettingsOutput> {
  const [row] = await withImages(db, [{ imageId: settings.logoImageId ?? null, image: null }]);
  return { ...settings, logo: row!.image };
}

/**
 * Replaces the post's settings. A logo must be an uploaded picture (no foreign key in JSON, so
 * checked here); left out, the stored logo stays.
 */
export async function saveSettings(db: DB, input: SiteSettings): Promise<SiteSettingsOutput> {
  let settings = input;
  if (settings.logoImageId === undefined) {
    const stored = await getSettings(db);
    settings = { ...settings, logoImageId: stored.logoImageId ?? null, logoAlt: stored.logoAlt ?? '' };
  } else if (settings.logoImageId === null) {
    settings = { ...settings, logoAlt: '' };
  } else {
    const image = await db.selectFrom('images').select('id').where('id', '=', settings.logoImageId).executeTakeFirst();
    if (!image) throw badRequest(imageMessages.imageNotFound);
  }
  const data = JSON.stringify(settings);
  await db
    .insertInto('siteSettings')
    .values({ id: 1, data, updatedAt: new Date() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data, updatedAt: new Date() }))
    .execute();
  return withLogo(db, settings);
}
