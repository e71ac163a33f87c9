import { Link } from '@tanstack/react-router';
import { BellRingIcon } from 'lucide-react';
import { trpc } from '../../lib/trpc.ts';
import { usePostFormat } from '../../lib/format.ts';

/** The dashboard's banner of funeral honors requests not yet accepted or declined (decision 0088); nothing when none. */
export function NewHonorsRequests() {
  const { dateTime } = usePostFormat();
  const open = trpc.honors.list.useQuery({ open: true });
  if (!open.data?.length) return null;
  return (
    <section aria-labelledby="honors-new-heading" className="mb-6 rounded-xl border-2 border-flag-red-300 bg-flag-red-50 p-4">
      <h2 id="honors-new-heading" className="flex items-center gap-2 text-xl font-bold text-flag-red-800">
        <BellRingIcon aria-hidden="true" className="size-5" />
        Funeral honors requested ({open.data.length})
      </h2>
      <ul className="mt-2 space-y-1 text-lg">
        {open.data.map((r) => (
          <li key={r.id}>
            <Link
              to="/admin/honors/$id"
              params={{ id: String(r.id) }}
              className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
            >
              {r.deceasedName}, {dateTime(r.serviceAt)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
