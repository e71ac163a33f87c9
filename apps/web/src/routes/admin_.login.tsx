import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { LoginPage, type LoginTab } from '../features/auth/login-page.tsx';

export const Route = createFileRoute('/admin_/login')({ component: AdminLoginRoute });

function AdminLoginRoute() {
  const [tab, setTab] = useState<LoginTab>('admin');
  return (
    <>
      <title>Sign In</title>
      <meta name="robots" content="noindex" />
      <LoginPage tab={tab} onTabChange={setTab} />
    </>
  );
}
