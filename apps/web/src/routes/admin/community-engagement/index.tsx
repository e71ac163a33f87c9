import { createFileRoute } from '@tanstack/react-router';
import { EngagementFormPage } from '../../../features/admin/forms/engagement-form.tsx';

export const Route = createFileRoute('/admin/community-engagement/')({ component: () => <EngagementFormPage /> });
