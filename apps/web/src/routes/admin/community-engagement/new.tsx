import { createFileRoute } from '@tanstack/react-router';
import { EngagementFormPage } from '../../../features/community/engagement-form.tsx';

export const Route = createFileRoute('/admin/community-engagement/new')({ component: () => <EngagementFormPage /> });
