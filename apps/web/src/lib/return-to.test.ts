import { describe, expect, it } from 'vitest';
import { safeReturnTo, sameOriginUrl } from './return-to.ts';

// Issue 56 item 2: a return address is kept only when it resolves to a path of this site.
describe('safeReturnTo', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnTo('/admin/news?id=1#top')).toBe('/admin/news?id=1#top');
    expect(safeReturnTo('/admin/./settings')).toBe('/admin/settings');
  });

  it('drops what a browser resolves to another host', () => {
    for (const v of [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a\tb',
    ]) {
      expect(safeReturnTo(v), v).toBeUndefined();
    }
  });

  it('sameOriginUrl refuses an address that leaves the origin', () => {
    expect(sameOriginUrl('//evil.example/x', 'https://post.example.org')).toBeUndefined();
    expect(sameOriginUrl('/x', 'https://post.example.org')?.href).toBe('https://post.example.org/x');
  });
});
