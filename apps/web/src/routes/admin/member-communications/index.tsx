import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { CommunicationsAdminPage } from '../../../features/member-communications/communications-admin-page.tsx';

export const Route = createFileRoute('/admin/member-communications/')({ component: CommunicationsRoute });

function CommunicationsRoute() {
  const [creating, setCreating] = useState(false);
  return <CommunicationsAdminPage creating={creating} onCreatingChange={setCreating} />;
}
