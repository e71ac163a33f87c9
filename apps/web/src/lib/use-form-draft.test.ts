import { describe, expect, it } from 'vitest';
import { mergeDraft, withoutSecrets } from './use-form-draft.ts';
import { safeReturnTo } from './return-to.ts';

describe('withoutSecrets', () => {
  it('drops every password field, at any depth', () => {
    expect(
      withoutSecrets({
        firstName: 'Dorothy',
        loginPassword: 'secret-1',
        password: 'secret-2',
        nested: { currentPassword: 'x', newPassword: 'y', confirmPassword: 'z', keep: 1 },
        rows: [{ label: 'a', PASSWORD: 'w' }],
      }),
    ).toEqual({ firstName: 'Dorothy', nested: { keep: 1 }, rows: [{ label: 'a' }] });
  });

  it('keeps plain data only', () => {
    expect(withoutSecrets({ a: undefined, b: () => 1, c: new Date(0), d: Number.NaN, e: null, f: false })).toEqual({ c: null, d: null, e: null, f: false });
  });
});

describe('mergeDraft', () => {
  const stored = { title: 'Stored', order: 0, active: true, imageUrl: null as string | null, loginPassword: '', rows: [{ label: '', url: '' }] };

  it('lays the draft over the stored values, a draft wins', () => {
    expect(
      mergeDraft(stored, {
        title: 'Typed',
        order: '3',
        active: false,
        imageUrl: 'https://x.example',
        rows: [
          { label: 'A', url: 'u' },
          { label: 'B', url: '' },
        ],
      }),
    ).toEqual({
      title: 'Typed',
      order: '3',
      active: false,
      imageUrl: 'https://x.example',
      loginPassword: '',
      rows: [
        { label: 'A', url: 'u' },
        { label: 'B', url: '' },
      ],
    });
  });

  it('never takes a password from a draft, and keeps stored values for fields it lacks or that do not fit', () => {
    expect(mergeDraft(stored, { loginPassword: 'planted', title: 42, active: 'yes', rows: 'nope', extra: 'ignored' })).toEqual(stored);
  });

  it('keeps a picture chosen after the form was stored (an uploaded image in place of none)', () => {
    const withPicture = { title: 'Stored', picture: { image: null, alt: '' } };
    const image = { id: 7, width: 960, height: 640, urls: { avif: [{ width: 480, url: '/images/ab-480.avif' }], webp: [], jpeg: [] } };
    expect(mergeDraft(withPicture, { title: 'Typed', picture: { image, alt: 'Flags on Main Street' } })).toEqual({
      title: 'Typed',
      picture: { image, alt: 'Flags on Main Street' },
    });
    // and removing it again
    expect(mergeDraft({ picture: { image, alt: 'x' } }, { picture: { image: null, alt: '' } })).toEqual({ picture: { image: null, alt: '' } });
  });

  it('refuses a draft that is not an object', () => {
    expect(typeof mergeDraft(stored, 'text')).toBe('symbol');
    expect(typeof mergeDraft(stored, null)).toBe('symbol');
  });
});

describe('safeReturnTo', () => {
  it('accepts paths of this site', () => {
    expect(safeReturnTo('/admin/news?id=3')).toBe('/admin/news?id=3');
    expect(safeReturnTo('/admin/events/new?start=2027-01-01#x')).toBe('/admin/events/new?start=2027-01-01#x');
  });

  it('refuses other hosts and anything a browser could read as one', () => {
    for (const bad of [
      '//evil.example',
      'https://evil.example/admin',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'admin',
      '',
      3,
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnTo(bad)).toBeUndefined();
    }
  });
});
