// No zod here: the public pages sanitize with these in the browser.

/** Tags a commander message may keep (decisions §3). */
export const COMMANDER_MESSAGE_TAGS = ['strong', 'em', 'u', 'p', 'br'] as const;
/** Characters of content shown in the admin table (spec §9). */
export const COMMANDER_PREVIEW_CHARS = 50;
