import { Badge } from '@post/ui/components/badge';

/** Active or Inactive: the one status badge of the admin tables and the member directory. */
export function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>;
}
