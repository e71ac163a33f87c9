import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../layout/page.tsx';

export const Route = createFileRoute('/QRG')({
  component: () => (
    <Page title="QR Code Generator">
      <title>QR Code Generator</title>
    </Page>
  ),
});
