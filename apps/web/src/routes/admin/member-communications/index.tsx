import { createFileRoute } from '@tanstack/react-router';
import { CommunicationsAdminPage } from '../../../features/member-communications/communications-admin-page.tsx';

export const Route = createFileRoute('/admin/member-communications/')({ component: CommunicationsAdminPage });
