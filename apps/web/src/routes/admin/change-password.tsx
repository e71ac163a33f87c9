import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../features/auth/change-password-form.tsx';

export const Route = createFileRoute('/admin/change-password')({
  staticData: { redirectToLogin: true },
  component: ChangePasswordPage,
});
