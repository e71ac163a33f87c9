import { createFileRoute } from '@tanstack/react-router';
import { ResourceFormPage } from '../../../features/admin/forms/resource-form.tsx';

export const Route = createFileRoute('/admin/resources/new')({ component: () => <ResourceFormPage /> });
