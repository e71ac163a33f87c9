import { seo } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { QrGeneratorPage } from '../features/qr/qr-generator-page.tsx';

export const Route = createFileRoute('/QRG')({
  // English in <head> (the server cannot know the visitor's language; the page itself follows
  // the browser's), as in qr-messages.ts, which stays in the page's own chunk.
  head: ({ match }) =>
    seo(match.context, {
      title: 'QR Code Generator',
      description: 'Generate QR codes for events, contact information, and veteran resources',
      path: '/QRG',
    }),
  component: QrGeneratorPage,
});
