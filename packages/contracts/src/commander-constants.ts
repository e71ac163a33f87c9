// Kept without zod, measured (issue 16): with these folded back into their zod modules, the
// first JavaScript of the public routes grew from 157-170 KB to 182-194 KB gzip (zod's core is
// about 24 KB gzip), over the 170 KB budget. The zod modules re-export them, so there is one
// source of each value; code that validates imports the zod module.

/** Tags a commander message may keep (decisions §3). */
export const COMMANDER_MESSAGE_TAGS = ['strong', 'em', 'u', 'p', 'br'] as const;
/** Characters of content shown in the admin table (spec §9). */
export const COMMANDER_PREVIEW_CHARS = 50;
