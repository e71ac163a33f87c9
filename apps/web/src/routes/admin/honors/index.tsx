import { createFileRoute } from '@tanstack/react-router';
import { HonorsRequestsPage } from '../../../features/honors/requests-page.tsx';

export const Route = createFileRoute('/admin/honors/')({ component: HonorsRequestsPage });
