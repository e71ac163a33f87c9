import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesFor } from './entry-server.tsx';

// What the server names in a signed-in page (decision 0101): each matched route's own chunk.
describe('modulesFor', () => {
  it("names the check-in page's routes, from the admin area's guard down to the page", () => {
    expect(modulesFor('/admin/events/5/check-in')).toEqual([
      'src/routes/admin/route.tsx?tsr-split=component',
      'src/routes/admin/events/$id_.check-in.tsx?tsr-split=component',
    ]);
  });

  it('names route files that exist, for the dashboard and a member page', () => {
    for (const page of ['/admin', '/member']) {
      const keys = modulesFor(page);
      expect(keys.length, page).toBeGreaterThan(0);
      for (const key of keys) expect(existsSync(path.join(import.meta.dirname, '..', key.split('?')[0]!)), key).toBe(true);
    }
  });
});
