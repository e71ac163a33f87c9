import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MobileMenu } from './mobile-menu.tsx';

// Opening it, focus and the links inside are the browser tests' (start, a11y, ux-fixes).
describe('MobileMenu', () => {
  it('draws its button and a closed dialog without its links: they are drawn when it opens (decision 0111)', () => {
    const html = renderToStaticMarkup(
      <MobileMenu>
        <a href="/admin/renewals">Renewals</a>
      </MobileMenu>,
    );
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toMatch(/<dialog[^>]*data-slot="mobile-menu"[^>]*><\/dialog>/);
    expect(html).not.toContain('/admin/renewals');
    expect(html).not.toContain('Close menu');
  });
});
