import { createFileRoute } from '@tanstack/react-router';
import { MemberResourceFormPage } from '../../../features/member-resources/member-resource-form.tsx';

export const Route = createFileRoute('/admin/member-resources/new')({ component: () => <MemberResourceFormPage /> });
