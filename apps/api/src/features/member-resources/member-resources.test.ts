import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formMessages } from '@post/contracts/messages/forms';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { serverMessages } from '@post/contracts/messages/server';
import { MAX_UPLOAD_BYTES } from '@post/contracts/member-resources';
import { useTestApp, type Agent } from '../../test-helpers.ts';

const t = useTestApp({ admin: true, member: 'MR-1' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

function upload(agent: Agent, id: number, body: Buffer, type: string, name = 'file.pdf') {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/member-resources/${id}/file?name=${encodeURIComponent(name)}`,
    headers: { ...(agent.cookies.size ? { cookie: agent.cookieHeader } : {}), 'content-type': type },
    payload: body,
  });
}

async function newResource(fields: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/admin/member-resources', {
    title: 'Bylaws',
    description: 'The bylaws',
    category: 'bylaws',
    resourceType: 'document',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** POST /api/admin/member-resources/with-file: the fields (as JSON) and the file in one multipart request. */
async function createWithFile(agent: Agent, fields: unknown, file: { body: Buffer; type: string; name: string } | null) {
  const form = new FormData();
  form.set('resource', typeof fields === 'string' ? fields : JSON.stringify(fields));
  if (file) form.set('file', new Blob([file.body], { type: file.type }), file.name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/member-resources/with-file',
    headers: { ...(agent.cookies.size ? { cookie: agent.cookieHeader } : {}), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}
const resourceCount = async () =>
  (
    await t.db
      .selectFrom('memberResources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('creating a resource with its file (issue 23 #6)', () => {
  const fields = {
    title: 'Post Bylaws 2026',
    description: 'The bylaws as adopted',
    category: 'bylaws',
    resourceType: 'document',
    accessLevel: 'member',
    isActive: true,
  };
  it('stores the resource and its file in one step', async () => {
    const res = await createWithFile(t.admin, fields, { body: PDF, type: 'application/pdf', name: 'bylaws.pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ title: 'Post Bylaws 2026', resourceUrl: null, fileName: 'bylaws.pdf', isActive: true });
    expect(await fileRows(r.id)).toEqual([{ fileName: 'bylaws.pdf', size: PDF.byteLength }]);
    const list = (await t.member.get('/api/member/resources')).json() as { id: number }[];
    expect(list.map((x) => x.id)).toContain(r.id);
  });

  it('stores nothing when the file or the fields are refused', async () => {
    const before = await resourceCount();
    const cases: [unknown, { body: Buffer; type: string; name: string } | null, number, string][] = [
      [fields, { body: Buffer.from('MZ not a pdf'), type: 'application/pdf', name: 'x.pdf' }, 400, memberResourceMessages.uploadContentMismatch],
      [fields, { body: Buffer.from('#!/bin/sh'), type: 'application/x-sh', name: 'x.sh' }, 415, memberResourceMessages.uploadTypeNotAllowed],
      [fields, { body: Buffer.alloc(0), type: 'application/pdf', name: 'x.pdf' }, 400, memberResourceMessages.uploadEmpty],
      [fields, null, 400, memberResourceMessages.uploadEmpty],
      [{ ...fields, title: '' }, { body: PDF, type: 'application/pdf', name: 'x.pdf' }, 400, formMessages.titleRequired],
      ['{not json', { body: PDF, type: 'application/pdf', name: 'x.pdf' }, 400, formMessages.titleRequired],
    ];
    for (const [f, file, status, message] of cases) {
      const res = await createWithFile(t.admin, f, file);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    const anon = await createWithFile(t.agent(), fields, { body: PDF, type: 'application/pdf', name: 'x.pdf' });
    expect(anon.statusCode).toBe(401);
    expect(await resourceCount()).toBe(before);
  });
});

async function fileRows(id: number) {
  return t.db.selectFrom('memberResourceFiles').select(['fileName', 'size']).where('resourceId', '=', id).execute();
}

describe('member resources (admin)', () => {
  it('creates, reads, lists, changes and deletes a resource with the defaults of the spec', async () => {
    const created = await t.admin.post('/api/admin/member-resources', {
      title: ' Handbook ',
      description: 'How we run',
      resourceUrl: 'https://example.org/h.pdf',
      fileSize: '245 KB',
    });
    expect(created.statusCode).toBe(200);
    const r = created.json();
    expect(r).toMatchObject({
      title: 'Handbook',
      category: 'documents',
      resourceType: 'document',
      accessLevel: 'member',
      isActive: true,
      downloadCount: 0,
      fileName: null,
      fileSize: '245 KB',
    });
    expect((await t.admin.get(`/api/admin/member-resources/${r.id}`)).json().title).toBe('Handbook');
    expect((await t.admin.get('/api/admin/member-resources')).json().map((x: any) => x.id)).toContain(r.id);
    const put = await t.admin.put(`/api/admin/member-resources/${r.id}`, {
      title: 'Handbook 2',
      description: 'New',
      category: 'forms',
      resourceType: 'form',
      resourceUrl: '/files/h2.pdf',
      accessLevel: 'officers',
      isActive: false,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      title: 'Handbook 2',
      category: 'forms',
      accessLevel: 'officers',
      isActive: false,
      resourceUrl: '/files/h2.pdf',
      fileSize: null,
    });
    expect((await t.admin.delete(`/api/admin/member-resources/${r.id}`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/admin/member-resources/${r.id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/admin/member-resources/${r.id}`)).statusCode).toBe(404);
    expect((await t.admin.put(`/api/admin/member-resources/${r.id}`, { title: 'X', description: 'Y' })).statusCode).toBe(404);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const before = (await t.admin.get('/api/admin/member-resources')).json().length;
    const res = await t.admin.post('/api/admin/member-resources', { title: '', description: '', category: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: any) => i.message)).toEqual([formMessages.titleRequired, formMessages.descriptionRequired, 'Please choose a category']);
    for (const resourceUrl of ['javascript:alert(1)', '//evil.example/x', 'ftp://x']) {
      const bad = await t.admin.post('/api/admin/member-resources', { title: 'T', description: 'D', resourceUrl });
      expect(bad.statusCode, resourceUrl).toBe(400);
      expect(bad.json().message).toBe(formMessages.urlInvalid);
    }
    expect((await t.admin.get('/api/admin/member-resources')).json().length).toBe(before);
  });

  it('stores an uploaded file instead of a URL, fills the size, and a URL later replaces the file', async () => {
    const r = await newResource({ resourceUrl: 'https://example.org/old.pdf', fileSize: '1 MB' });
    const res = await upload(t.admin, r.id, PDF, 'application/pdf', 'C:\\Users\\me\\Post "Bylaws".pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: r.id, resourceUrl: null, fileName: 'Post Bylaws.pdf', fileSize: `${PDF.byteLength} B` });
    // The administrator can check the file.
    const back = await t.admin.get(`/api/admin/member-resources/${r.id}/file`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
    // Saving the form without a URL keeps the file and its size.
    const kept = await t.admin.put(`/api/admin/member-resources/${r.id}`, { title: 'Bylaws', description: 'The bylaws', resourceUrl: '', fileSize: '' });
    expect(kept.json()).toMatchObject({ fileName: 'Post Bylaws.pdf', fileSize: `${PDF.byteLength} B`, resourceUrl: null });
    // A second upload replaces the first; a name without the type's extension gets it.
    expect((await upload(t.admin, r.id, PNG, 'image/png', 'scan')).json()).toMatchObject({ fileName: 'scan.png' });
    expect(await fileRows(r.id)).toEqual([{ fileName: 'scan.png', size: PNG.byteLength }]);
    // A URL replaces the file.
    const linked = await t.admin.put(`/api/admin/member-resources/${r.id}`, {
      title: 'Bylaws',
      description: 'The bylaws',
      resourceUrl: 'https://example.org/new.pdf',
    });
    expect(linked.json()).toMatchObject({ fileName: null, resourceUrl: 'https://example.org/new.pdf' });
    expect(await fileRows(r.id)).toEqual([]);
  });

  it('refuses files over the size limit, of a type not allowed, empty, or whose content does not match their type', async () => {
    const r = await newResource({ resourceUrl: 'https://example.org/keep.pdf' });
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    big.write('%PDF-', 0);
    const tooBig = await upload(t.admin, r.id, big, 'application/pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: memberResourceMessages.uploadTooLarge });

    // Without a declared length the limit holds while reading.
    const streamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/member-resources/${r.id}/file`,
      headers: { cookie: t.admin.cookieHeader, 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
      payload: Readable.from([big.subarray(0, MAX_UPLOAD_BYTES / 2), big.subarray(MAX_UPLOAD_BYTES / 2)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ message: memberResourceMessages.uploadTooLarge });

    const exe = await upload(t.admin, r.id, Buffer.from('MZ\x90\x00'), 'application/x-msdownload', 'setup.exe');
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toEqual({ message: memberResourceMessages.uploadTypeNotAllowed });
    const html = await upload(t.admin, r.id, Buffer.from('<script>alert(1)</script>'), 'text/html', 'x.html');
    expect(html.statusCode).toBe(415);

    const mismatch = await upload(t.admin, r.id, PNG, 'application/pdf');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: memberResourceMessages.uploadContentMismatch });
    expect((await upload(t.admin, r.id, Buffer.from('not a jpeg'), 'image/jpeg')).statusCode).toBe(400);
    const binaryAsText = await upload(t.admin, r.id, Buffer.from([0x41, 0, 0x42]), 'text/plain');
    expect(binaryAsText.statusCode).toBe(400);
    expect(binaryAsText.json()).toEqual({ message: memberResourceMessages.uploadContentMismatch });

    const empty = await upload(t.admin, r.id, Buffer.alloc(0), 'application/pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: memberResourceMessages.uploadEmpty });

    // Nothing changed.
    expect(await fileRows(r.id)).toEqual([]);
    expect((await t.admin.get(`/api/admin/member-resources/${r.id}`)).json()).toMatchObject({ resourceUrl: 'https://example.org/keep.pdf', fileName: null });
    // A file exactly at the limit is fine.
    const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
    atLimit.write('%PDF-', 0);
    const ok = await upload(t.admin, r.id, atLimit, 'application/pdf');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fileSize).toBe('10.0 MB');
    // Upload to a resource that does not exist.
    expect((await upload(t.admin, 999999, PDF, 'application/pdf')).statusCode).toBe(404);
  });

  it('accepts text and office files whose content fits', async () => {
    const r = await newResource();
    expect((await upload(t.admin, r.id, Buffer.from('name,rank\nA,B\n'), 'text/csv; charset=utf-8', 'roster.csv')).statusCode).toBe(200);
    expect(
      (
        await upload(
          t.admin,
          r.id,
          Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]),
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'a.docx',
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await upload(t.admin, r.id, Buffer.from('plain text'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx')).statusCode,
    ).toBe(400);
    const t2 = await newResource();
    // A text file is stored as sent (Fastify's own text parser once answered "The file is empty.").
    const text = await upload(t.admin, t2.id, Buffer.from('Meeting minutes\r\nAll present.\n'), 'text/plain; charset=utf-8', 'minutes.txt');
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json()).toMatchObject({ fileName: 'minutes.txt' });
    const back = await t.admin.get(`/api/admin/member-resources/${t2.id}/file`);
    expect(back.body).toBe('Meeting minutes\r\nAll present.\n');
  });

  it('refuses every admin call with no session and with a member session (401), changing nothing', async () => {
    const r = await newResource({ resourceUrl: 'https://example.org/x.pdf' });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/member-resources'],
      ['GET', `/api/admin/member-resources/${r.id}`],
      ['POST', '/api/admin/member-resources', { title: 'T', description: 'D' }],
      ['PUT', `/api/admin/member-resources/${r.id}`, { title: 'Changed', description: 'D' }],
      ['DELETE', `/api/admin/member-resources/${r.id}`],
      ['GET', `/api/admin/member-resources/${r.id}/file`],
    ];
    const before = (await t.admin.get('/api/admin/member-resources')).json().length;
    for (const agent of [t.agent(), t.member]) {
      for (const [method, url, body] of calls) {
        expect((await agent.request(method as any, url, body)).statusCode, `${method} ${url}`).toBe(401);
      }
      const up = await upload(agent, r.id, PDF, 'application/pdf');
      expect(up.statusCode).toBe(401);
      expect(up.json()).toEqual({ message: serverMessages.adminRequired });
    }
    expect((await t.admin.get('/api/admin/member-resources')).json().length).toBe(before);
    expect((await t.admin.get(`/api/admin/member-resources/${r.id}`)).json()).toMatchObject({ title: 'Bylaws', fileName: null });
  });
});
