import { createFileRoute } from '@tanstack/react-router';
import { ResourcesAdminPage } from '../../../features/member-resources/resources-admin-page.tsx';

export const Route = createFileRoute('/admin/member-resources/')({ component: ResourcesAdminPage });
