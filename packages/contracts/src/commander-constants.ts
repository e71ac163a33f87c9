// Kept without zod so that public pages' first JavaScript stays in its budget (decision 0063); the
// zod modules re-export these, so each value has one source.

/** Tags a commander message may keep (decisions §3). */
export const COMMANDER_MESSAGE_TAGS = ['strong', 'em', 'u', 'p', 'br'] as const;
/** Characters of content shown in the admin table (spec §9). */
export const COMMANDER_PREVIEW_CHARS = 50;
