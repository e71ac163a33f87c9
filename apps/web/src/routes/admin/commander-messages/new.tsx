import { createFileRoute } from '@tanstack/react-router';
import { CommanderMessageFormPage } from '../../../features/commander-message/commander-message-form.tsx';

export const Route = createFileRoute('/admin/commander-messages/new')({ component: () => <CommanderMessageFormPage /> });
