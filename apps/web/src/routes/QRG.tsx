import { seo } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { QR_MESSAGES } from '../features/qr/qr-messages.ts';
import { QrGeneratorPage } from '../features/qr/qr-generator-page.tsx';

export const Route = createFileRoute('/QRG')({
  // English in <head> (the server cannot know the visitor's language); the page itself follows the browser's.
  head: ({ match }) => seo(match.context, { title: QR_MESSAGES.en.pageTitle, description: QR_MESSAGES.en.tagline, path: '/QRG' }),
  component: QrGeneratorPage });
