import sharp from 'sharp';
import type { DB } from '@post/db';
import { databaseImageStore, storeImage } from './images.service.ts';

// The demo's photos are drawn here (SVG rendered by sharp), so the project owns them outright:
// released with the code, no third party's licence to track (decision 0025).
const sky = (top: string, bottom: string) => `
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>`;

// A flag on its pole before a brick post home at dusk.
const FLAG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">${sky('#1f3b73', '#f2a65a')}
  <rect x="0" y="560" width="1200" height="240" fill="#3d5a2a"/>
  <rect x="620" y="360" width="460" height="260" fill="#8c3b2b"/>
  <polygon points="600,370 850,250 1100,370" fill="#4a2a22"/>
  <rect x="810" y="470" width="80" height="150" fill="#2b1a14"/>
  ${[660, 960].map((x) => `<rect x="${x}" y="420" width="70" height="60" fill="#f6d98b"/>`).join('')}
  <rect x="300" y="120" width="10" height="480" fill="#d9d9d9"/>
  <g transform="translate(310 130)">
    ${Array.from({ length: 13 }, (_, i) => `<rect y="${i * 15}" width="300" height="15" fill="${i % 2 ? '#ffffff' : '#b22234'}"/>`).join('')}
    <rect width="130" height="105" fill="#3c3b6e"/>
  </g>
</svg>`;

// Volunteers (simple figures) handing out food boxes under a tent in a park.
const VOLUNTEERS = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">${sky('#7fb6e8', '#d8ecf7')}
  <circle cx="1020" cy="140" r="70" fill="#ffe08a"/>
  <rect x="0" y="520" width="1200" height="280" fill="#5f8f3e"/>
  <polygon points="220,260 980,260 1060,360 140,360" fill="#ffffff" stroke="#b22234" stroke-width="8"/>
  <rect x="170" y="360" width="12" height="260" fill="#777"/><rect x="1020" y="360" width="12" height="260" fill="#777"/>
  <rect x="260" y="500" width="680" height="30" fill="#8a5a33"/>
  ${[300, 420, 540, 660, 780].map((x) => `<rect x="${x}" y="450" width="90" height="50" fill="#c9a06a" stroke="#7a5430" stroke-width="4"/>`).join('')}
  ${[
    [330, '#2f4f8f'],
    [520, '#b22234'],
    [710, '#3c6e47'],
    [880, '#6b4c8a'],
  ]
    .map(([x, c]) => `<circle cx="${x}" cy="560" r="34" fill="#e0b48a"/><rect x="${Number(x) - 45}" y="600" width="90" height="150" rx="30" fill="${c}"/>`)
    .join('')}
</svg>`;

/** Makes the demo's two photos and sets them on the newest news item and the active highlight; returns their ids. */
export async function seedDemoPhotos(db: DB): Promise<number[]> {
  const store = databaseImageStore(db);
  const photo = async (svg: string) => storeImage(store, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer(), { keepOriginal: false });
  const flag = await photo(FLAG);
  const volunteers = await photo(VOLUNTEERS);
  const news = await db.selectFrom('news').select('id').orderBy('publishDate', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (news) {
    await db
      .updateTable('news')
      .set({ imageId: flag.id, imageAlt: 'The flag flies on its pole in front of the brick post home at dusk.' })
      .where('id', '=', news.id)
      .execute();
  }
  await db
    .updateTable('communityEngagements')
    .set({ imageId: volunteers.id, imageAlt: 'Four volunteers hand out food boxes from a table under a white tent in the park.' })
    .where('active', '=', true)
    .execute();
  return [flag.id, volunteers.id];
}
