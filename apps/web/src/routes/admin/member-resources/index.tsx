import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ResourcesAdminPage } from '../../../features/member-resources/resources-admin-page.tsx';

export const Route = createFileRoute('/admin/member-resources/')({ component: MemberResourcesRoute });

function MemberResourcesRoute() {
  const [creating, setCreating] = useState(false);
  return <ResourcesAdminPage creating={creating} onCreatingChange={setCreating} />;
}
