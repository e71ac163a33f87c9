import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/officers/account-page.tsx';

export const Route = createFileRoute('/admin/account')({ component: AccountPage });
