import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { imageMessages } from '@post/contracts/messages/images';
import { serverMessages } from '@post/contracts/messages/server';
import { MAX_IMAGE_BYTES } from '@post/contracts/images';
import { useTestApp, createTestApp, type Agent } from '../../test-helpers.ts';
import { processImage, sniffImage, widthsFor } from './images.service.ts';
import { HEIC_DECODER } from './heic.ts';

const t = useTestApp({ admin: true });

function upload(body: Buffer, type = 'image/jpeg', agent: Agent | null = t.admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    headers: { ...(agent?.cookies.size ? { cookie: agent.cookieHeader } : {}), 'content-type': type },
    payload: body,
  });
}
const counts = async () => ({
  images: Number(
    (
      await t.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  variants: Number(
    (
      await t.db
        .selectFrom('imageVariants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

// A photo as a phone takes it: landscape pixels, EXIF orientation 6 (turn 90 degrees to show
// upright), the GPS position of where it was taken, a camera model and an XMP packet.
async function phonePhoto(width = 2000, height = 1000, seed = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40 + seed, g: 90, b: 160 } } })
    .composite([{ input: { create: { width: width / 2, height: height / 2, channels: 3, background: '#d4a017' } }, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 3012/100', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 4500/100' },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Home of the photographer"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** A PNG of 1 x 1 pixel whose header claims width x height: a decompression bomb. */
async function bomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // The IHDR chunk's CRC over its type and data, so the header itself is valid.
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
function crc32(buf: Uint8Array): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

describe('photo uploads', () => {
  it('the test photo really carries GPS, EXIF and XMP (so the next test proves something)', async () => {
    const meta = await sharp(await phonePhoto()).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.toString('latin1')).toContain('PhoneMaker');
    // The GPS IFD pointer tag (0x8825), in either byte order.
    expect(meta.exif!.includes(Buffer.from([0x88, 0x25])) || meta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(meta.xmp?.toString()).toContain('Home of the photographer');
  });

  it('stores a photo upright in every width and format, with no metadata left, and serves it', async () => {
    const res = await upload(await phonePhoto());
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json();
    // Orientation 6 applied: the 2000 x 1000 landscape pixels become a 1000 x 2000 portrait (capped at 1000 wide).
    expect(image).toMatchObject({ id: expect.any(Number), width: 1000, height: 2000 });
    expect(image.urls.jpeg.map((u: any) => u.width)).toEqual([480, 1000]);
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      expect(image.urls[format]).toHaveLength(2);
      for (const { width, url } of image.urls[format]) {
        expect(url).toMatch(new RegExp(`^/images/[0-9a-f]{20}-${width}\\.${format === 'jpeg' ? 'jpg' : format}$`));
        const file = await t.app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(`image/${format}`);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(width * 2);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        // Nothing of the camera or the place in the bytes, whatever the container.
        const bytes = file.rawPayload.toString('latin1');
        for (const s of ['PhoneMaker', 'Phone 12', 'Home of the photographer', 'Exif\0\0', 'GPS']) expect(bytes).not.toContain(s);
      }
    }
    // No original kept unless the post turns that on.
    const row = await t.db.selectFrom('images').select(['original', 'originalType']).where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ original: null, originalType: null });
  });

  it('answers an ETag and 304 for a revalidation, 404 for an unknown or malformed file name', async () => {
    const image = (await upload(await phonePhoto(800, 600, 3))).json();
    const url = image.urls.webp[0].url;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{20}-\d+-webp"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    for (const bad of [
      '/images/0123456789abcdef0123-480.webp',
      url.replace('.webp', '.png'),
      url.replace(/-\d+\./, '-481.'),
      '/images/..%2f..%2fetc%2fpasswd',
      '/images/x',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode).toBe(404);
    }
  });

  it('the same file twice is one picture; a different file is another', async () => {
    const photo = await phonePhoto(640, 480, 7);
    const a = (await upload(photo)).json();
    const before = await counts();
    const b = (await upload(photo, 'application/octet-stream')).json();
    expect(b).toEqual(a);
    expect(await counts()).toEqual(before);
    // Never wider than the photo: 480 wide in, 480 wide out.
    const small = (await upload(await phonePhoto(480, 320, 9))).json();
    expect(small.urls.webp.map((u: any) => u.width)).toEqual([320]);
  });

  it('takes PNG with transparency (JPEG flattened on white) and WebP', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const p = await upload(png, 'image/png');
    expect(p.statusCode, p.body).toBe(200);
    const jpg = await t.app.inject({ method: 'GET', url: p.json().urls.jpeg[0].url });
    const { data } = await sharp(jpg.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    expect((await upload(webp, 'image/webp')).json()).toMatchObject({ width: 300, height: 300 });
  });

  it('keeps the original only when IMAGES_KEEP_ORIGINAL is on', async () => {
    const photo = await phonePhoto(500, 500, 11);
    expect((await processImage(photo, { keepOriginal: true })).original?.data.equals(photo)).toBe(true);
    expect((await processImage(photo, { keepOriginal: false })).original).toBeNull();
  });

  it('refuses what is not a photo, a bomb, a corrupt or too large file, and stores nothing', async () => {
    await upload(await phonePhoto(300, 200, 13)); // one stored, so "nothing more" is measured against something
    const before = await counts();
    const jpeg = await phonePhoto(1200, 900, 15);
    const cases: [Buffer, string, number, string][] = [
      // A script named and typed as a photo: the bytes decide.
      [Buffer.from('#!/bin/sh\nrm -rf /\n'.repeat(20)), 'image/jpeg', 400, imageMessages.notAnImage],
      [Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'image/png', 400, imageMessages.notAnImage],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/webp', 400, imageMessages.notAnImage],
      [Buffer.from('hello'), 'text/plain', 415, imageMessages.typeNotAllowed],
      [Buffer.from('<svg/>'), 'image/svg+xml', 415, imageMessages.typeNotAllowed],
      [await bomb(50_000, 50_000), 'image/png', 400, imageMessages.tooManyPixels],
      [jpeg.subarray(0, Math.floor(jpeg.length * 0.4)), 'image/jpeg', 400, imageMessages.corrupt],
      [Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(4000, 0x41)]), 'image/jpeg', 400, imageMessages.corrupt],
      [Buffer.alloc(0), 'image/jpeg', 400, imageMessages.empty],
      [Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff), 'image/jpeg', 413, imageMessages.tooLarge],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await upload(body, type);
      expect([res.statusCode, res.json().message], `${type} ${body.subarray(0, 12).toString('hex')}`).toEqual([status, message]);
    }
    expect(await counts()).toEqual(before);
  });

  it('reads an iPhone-style HEIC (HEVC) photo: oriented pixels, no EXIF or GPS left, every width and format; a broken one is refused', async () => {
    // fixtures/photo.heic (922 bytes): a 120 x 80 picture, gold top-left quarter on blue, with
    // EXIF carrying a camera model and a GPS position; made with Debian bookworm's
    // libheif-examples 1.15 (x265 encoder): `heif-enc -q 60 -o photo.heic photo.jpg`.
    const heic = readFileSync(new URL('./fixtures/photo.heic', import.meta.url));
    expect(sniffImage(heic)).toBe('heic');
    const meta = await sharp(heic).metadata();
    expect([meta.compression, Boolean(meta.exif)]).toEqual(['hevc', true]);
    const before = await counts();
    const res = await upload(heic, 'image/heic');
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json();
    expect(image).toMatchObject({ width: 120, height: 80 });
    expect(await counts()).toEqual({ images: before.images + 1, variants: before.variants + 3 });
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const file = await t.app.inject(image.urls[format][0].url);
      expect(file.statusCode).toBe(200);
      const out = await sharp(file.rawPayload).metadata();
      expect([out.width, out.height, out.exif, out.xmp, out.orientation]).toEqual([120, 80, undefined, undefined, undefined]);
      // The picture itself came through: gold at the top left, blue at the bottom right.
      const { data, info } = await sharp(file.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
      expect(at(10, 10)[0]).toBeGreaterThan(180);
      expect(at(110, 70)[2]).toBeGreaterThan(130);
    }
    // Sent with no type (phones often give HEIC none), it is still read by its bytes.
    expect((await upload(heic, 'application/octet-stream')).statusCode).toBe(200);
    // Cut short, it is refused as damaged and nothing is stored.
    const mid = await counts();
    const cut = await upload(heic.subarray(0, 600), 'image/heic');
    expect([cut.statusCode, cut.json().message]).toEqual([400, imageMessages.corrupt]);
    // The same photo whose header (ispe box) claims 50,000 x 50,000 pixels: refused before any
    // pixel is decoded.
    const bomb = Buffer.from(heic);
    const ispe = bomb.indexOf('ispe');
    bomb.writeUInt32BE(50_000, ispe + 8);
    bomb.writeUInt32BE(50_000, ispe + 12);
    const big = await upload(bomb, 'image/heic');
    expect([big.statusCode, big.json().message]).toEqual([400, imageMessages.tooManyPixels]);
    // Only a HEIC file's first box: refused as damaged.
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(200)]);
    expect(sniffImage(fake)).toBe('heic');
    const junk = await upload(fake, 'image/heic');
    expect([junk.statusCode, junk.json().message]).toEqual([400, imageMessages.corrupt]);
    expect(await counts()).toEqual(mid);
    // libheif ran in a thread of its own, never in the server's (decision 0068).
    expect(createRequire(import.meta.url).cache[HEIC_DECODER]).toBeUndefined();
  });

  it('reads AV1-coded HEIF (AVIF) with sharp itself', async () => {
    const avif = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#345' } })
      .heif({ compression: 'av1' })
      .toBuffer();
    expect(sniffImage(avif)).toBe('heif');
    const ok = await upload(avif, 'image/heif');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ width: 640, height: 480 });
  });

  it('the OpenAPI document describes the upload and the picture fields', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const post = doc.paths['/admin/images'].post;
    expect(Object.keys(post.requestBody.content)).toContain('image/jpeg');
    expect(post.responses['200'].content['application/json'].schema.required).toEqual(['id', 'width', 'height', 'urls']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '401', '413', '415']));
    const newsBody = doc.paths['/news'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(newsBody.properties)).toEqual(expect.arrayContaining(['imageId', 'imageAlt']));
  });

  it('only an administrator uploads', async () => {
    const photo = await phonePhoto(200, 200, 17);
    expect((await upload(photo, 'image/jpeg', null)).statusCode).toBe(401);
    expect((await upload(photo, 'image/jpeg', null)).json().message).toBe(serverMessages.adminRequired);
  });

  it('makes the standard widths below the photo and its own width at most 1600', () => {
    expect(widthsFor(4000)).toEqual([480, 960, 1600]);
    expect(widthsFor(1000)).toEqual([480, 1000]);
    expect(widthsFor(1200)).toEqual([480, 960, 1200]);
    expect(widthsFor(300)).toEqual([300]);
  });

  it('processing time of a 12 MP photo (printed, for the figure in images.service.ts)', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .blur(2)
      .jpeg({ quality: 90 })
      .toBuffer();
    const start = performance.now();
    const out = await processImage(photo, { keepOriginal: false });
    const ms = Math.round(performance.now() - start);
    console.log(
      `12 MP (${(photo.length / 1e6).toFixed(1)} MB JPEG): ${ms} ms, ${out.variants.length} files, ${(out.variants.reduce((s, v) => s + v.data.length, 0) / 1e3).toFixed(0)} kB`,
    );
    expect(out.widths).toEqual([480, 960, 1600]);
  }, 120_000);
});

describe('pictures on news items, events and engagements', () => {
  const bodies = {
    news: { path: '/api/news', body: { title: 'Parade', content: 'We marched.', publishDate: '2026-05-01T12:00:00Z' } },
    events: {
      path: '/api/events',
      body: { title: 'Fish fry', description: 'Friday fish fry', location: 'Post home', startDate: '2027-03-01T23:00:00Z', endDate: '2027-03-02T01:00:00Z' },
    },
    'community-engagements': {
      path: '/api/community-engagements',
      body: { title: 'Flags', description: 'Flags on graves', tags: ['memorial'], imageUrl: 'https://example.org/old.jpg' },
    },
  } as const;

  for (const [name, { path, body }] of Object.entries(bodies)) {
    it(`${name}: set with alt text, shown in reads, kept when a PUT leaves it out, removed with null`, async () => {
      const image = (await upload(await phonePhoto(1200, 800, name.length))).json();
      // The alt text is required with a picture, and the picture must exist.
      const noAlt = await t.admin.post(path, { ...body, imageId: image.id });
      expect([noAlt.statusCode, noAlt.json().message]).toEqual([400, imageMessages.altRequired]);
      const blankAlt = await t.admin.post(path, { ...body, imageId: image.id, imageAlt: '   ' });
      expect([blankAlt.statusCode, blankAlt.json().message]).toEqual([400, imageMessages.altRequired]);
      const missing = await t.admin.post(path, { ...body, imageId: 999999, imageAlt: 'Something' });
      expect([missing.statusCode, missing.json().message]).toEqual([400, imageMessages.imageNotFound]);

      const created = await t.admin.post(path, { ...body, imageId: image.id, imageAlt: ' Members at the parade ' });
      expect(created.statusCode, created.body).toBe(200);
      const item = created.json();
      expect(item).toMatchObject({ imageId: image.id, imageAlt: 'Members at the parade', image });
      expect((await t.agent().get(`${path}/${item.id}`)).json()).toMatchObject({ imageId: image.id, image });
      const listed = (await t.agent().get(path)).json().find((x: any) => x.id === item.id);
      expect(listed).toMatchObject({ imageAlt: 'Members at the parade', image });

      // A client from before pictures replaces the item without the fields: the picture stays.
      const kept = await t.admin.put(`${path}/${item.id}`, { ...body, title: 'Changed' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ title: 'Changed', imageId: image.id, imageAlt: 'Members at the parade' });
      // Clearing the alt text of a kept picture is refused by the database's rule, with the form's message.
      const cleared = await t.admin.put(`${path}/${item.id}`, { ...body, imageAlt: '' });
      expect([cleared.statusCode, cleared.json().message]).toEqual([400, imageMessages.altRequired]);
      const removed = await t.admin.put(`${path}/${item.id}`, { ...body, imageId: null });
      expect(removed.json()).toMatchObject({ imageId: null, imageAlt: null, image: null });
      if (name === 'community-engagements') expect(removed.json().imageUrl).toBe('https://example.org/old.jpg');
    });
  }
});

describe('demo photos', () => {
  it('are drawn, processed and set on the newest news item and the active highlight', async () => {
    const { seedDemo } = await import('@post/db/seed/index');
    const { seedDemoPhotos } = await import('./demo-photos.ts');
    const fresh = await createTestApp();
    try {
      await seedDemo(fresh.db, { memberPassword: 'demo-password-1' });
      await seedDemoPhotos(fresh.db);
      const anon = fresh.agent();
      const [first] = (await anon.get('/api/news')).json();
      expect(first.imageAlt).toMatch(/flag/);
      expect(first.image.urls.webp.map((u: any) => u.width)).toEqual([480, 960, 1200]);
      // The RSS item of that news carries the widest JPEG as its enclosure, with its true byte length.
      const rss = (await fresh.app.inject('/rss.xml')).body;
      const m = /<enclosure url="[^"]*(\/images\/[0-9a-f]{20}-1200\.jpg)" length="(\d+)" type="image\/jpeg"\/>/.exec(rss);
      expect(m).not.toBeNull();
      expect((await fresh.app.inject(m![1]!)).rawPayload.length).toBe(Number(m![2]));
      const active = (await anon.get('/api/community-engagements/active')).json();
      expect(active.imageAlt).toMatch(/volunteers/i);
      const file = await fresh.app.inject({ method: 'GET', url: active.image.urls.avif[0].url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBeLessThan(40_000);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

describe('site logo (issue 22)', () => {
  it('is set in the settings with its alt text, read with its picture, kept when a PUT leaves it out, removed with null', async () => {
    const before = (await t.agent().get('/api/site-settings')).json();
    expect(before).toMatchObject({ logoImageId: null, logo: null });
    const { logo: _logo, ...settings } = before;
    const image = (await upload(await phonePhoto(800, 800, 7))).json();

    // The alt text is required with a logo, and the logo must be an uploaded picture; nothing is stored.
    const noAlt = await t.admin.put('/api/admin/site-settings', { ...settings, logoImageId: image.id, logoAlt: '  ' });
    expect([noAlt.statusCode, noAlt.json().message]).toEqual([400, imageMessages.altRequired]);
    const missing = await t.admin.put('/api/admin/site-settings', { ...settings, logoImageId: 999999, logoAlt: 'Emblem' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, imageMessages.imageNotFound]);
    expect((await t.agent().get('/api/site-settings')).json()).toMatchObject({ logoImageId: null, logo: null });

    const set = await t.admin.put('/api/admin/site-settings', { ...settings, logoImageId: image.id, logoAlt: ' Post emblem ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ logoImageId: image.id, logoAlt: 'Post emblem', logo: image });
    // Public readers (the header, og:image) get the picture, after the public cache was refreshed.
    expect((await t.agent().get('/api/site-settings')).json()).toMatchObject({ logoImageId: image.id, logoAlt: 'Post emblem', logo: image });

    // A client from before logos replaces the settings without the fields: the logo stays.
    const { logoImageId: _id, logoAlt: _alt, ...old } = settings;
    const kept = await t.admin.put('/api/admin/site-settings', { ...old, postName: 'Renamed Post' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ postName: 'Renamed Post', logoImageId: image.id, logoAlt: 'Post emblem', logo: image });

    const removed = await t.admin.put('/api/admin/site-settings', { ...settings, logoImageId: null, logoAlt: 'ignored' });
    expect(removed.json()).toMatchObject({ logoImageId: null, logoAlt: '', logo: null });
    expect((await t.agent().get('/api/site-settings')).json()).toMatchObject({ postName: settings.postName, logo: null });
  });

  it('the OpenAPI document describes the logo fields', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const put = doc.paths['/admin/site-settings'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(put.properties)).toEqual(expect.arrayContaining(['logoImageId', 'logoAlt']));
    expect(put.required ?? []).not.toContain('logoImageId');
    const get = doc.paths['/site-settings'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(get.properties)).toEqual(expect.arrayContaining(['logoImageId', 'logoAlt', 'logo']));
  });
});
