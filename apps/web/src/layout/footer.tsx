import { Link } from '@tanstack/react-router';
import { useSiteSettings } from '../lib/use-site-settings.ts';
import { NewsletterBox } from '../features/newsletter/newsletter-box.tsx';
import { SocialLinks } from './social-links.tsx';

// Tall enough for an older thumb to hit (WCAG 2.5.8; issue 46 #6).
const footLink = 'inline-flex min-h-6 items-center underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white rounded-sm';

/** The site footer of spec §2, fed by the site settings. */
/** The public pages the footer links to, in the header's order (issue 46 #8). */
const QUICK_LINKS = [
  ['/', 'Home'],
  ['/events', 'Events Calendar'],
  ['/resources', 'Veteran Resources'],
  ['/news', 'News'],
  ['/community', 'Community'],
  ['/funeral-honors', 'Request Funeral Honors'],
] as const;

export function Footer() {
  const s = useSiteSettings().data;
  const tel = s.phone.replace(/[^\d+]/g, '');
  return (
    <footer data-slot="site-footer" className="mt-12 bg-navy-900 text-white print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[1fr_0.8fr_1.2fr_1fr]">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-lg font-bold">
            Contact Us
          </h2>
          <address className="space-y-1 not-italic">
            <p>{s.streetAddress}</p>
            {s.phone ? (
              <p>
                <a className={footLink} href={`tel:${tel}`}>
                  {s.phone}
                </a>
              </p>
            ) : null}
            {s.email ? (
              <p>
                <a className={footLink} href={`mailto:${s.email}`}>
                  {s.email}
                </a>
              </p>
            ) : null}
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-3 text-lg font-bold">
            Quick Links
          </h2>
          <ul className="space-y-1">
            {QUICK_LINKS.map(([to, label]) => (
              <li key={to}>
                <Link className={footLink} to={to}>
                  {label}
                </Link>
              </li>
            ))}
            {s.membership.honorRoll ? (
              <li>
                <Link className={footLink} to="/honor-roll">
                  Honor Roll
                </Link>
              </li>
            ) : null}
            <li>
              <Link className={footLink} to="/login" search={{ tab: 'member' }}>
                Member Login
              </Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="mb-3 text-lg font-bold">
            Post Hours
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {s.postHours.map((h) => (
              <div key={h.day} className="contents">
                <dt className="font-medium">{h.day}</dt>
                <dd>{h.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news" className="mb-3 text-lg font-bold">
            Newsletter
          </h2>
          <p className="mb-2 text-navy-100">News and events of the post, about once a month.</p>
          <NewsletterBox />
          <SocialLinks settings={s} linkClass={footLink} />
        </section>
      </div>
      <div className="border-t border-navy-700">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-navy-100">
          © {new Date().getFullYear()} {s.postName}. Serving veterans and our community since {s.foundedYear}.
        </p>
      </div>
    </footer>
  );
}
