import { createFileRoute } from '@tanstack/react-router';
import { CommunicationFormPage } from '../../../features/member-communications/communication-form.tsx';

export const Route = createFileRoute('/admin/member-communications/new')({ component: () => <CommunicationFormPage /> });
