import { createFileRoute } from '@tanstack/react-router';
import { ResourceFormPage } from '../../../features/resources/resource-form.tsx';

export const Route = createFileRoute('/admin/resources/new')({ component: () => <ResourceFormPage /> });
