import { createFileRoute } from '@tanstack/react-router';
import { QrGeneratorPage } from '../features/qr/qr-generator-page.tsx';

export const Route = createFileRoute('/QRG')({ component: QrGeneratorPage });
