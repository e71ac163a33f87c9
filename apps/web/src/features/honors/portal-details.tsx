import { toast } from 'sonner';
import { failureMessage, trpc } from '../../lib/trpc.ts';
import { Button } from '@post/ui/components/button';
import { usePostFormat } from '../../lib/format.ts';

// What a member sees changes with who is signed in: never keep it for the next person.
const PRIVATE = { staleTime: 0, gcTime: 0, refetchOnMount: 'always' } as const;

/**
 * "Funeral honors details" in the member portal (decision 0088): open details, those with a role
 * the member is qualified for first; a role they can take has its "I can serve as" button. Nothing
 * shows when no detail is open.
 */
export function PortalHonorsDetails() {
  const { dateTime } = usePostFormat();
  const details = trpc.honors.portalDetails.useQuery(undefined, PRIVATE);
  const answer = trpc.honors.portalAnswer.useMutation();
  const utils = trpc.useUtils();
  if (!details.data?.length) return null;
  return (
    <section aria-labelledby="honors-heading" className="mt-10 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id="honors-heading" className="text-xl font-semibold text-navy-800">
        Funeral honors details
      </h2>
      <ul className="mt-3 space-y-4">
        {details.data.map((d) => (
          <li key={d.eventId} className="rounded-lg border p-3 text-lg">
            <p className="font-semibold">
              {d.deceasedName}, {dateTime(d.serviceAt)}
            </p>
            <p className="text-base">{d.location}</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {d.roles
                .filter((r) => r.qualified)
                .map((r) => (
                  <li key={r.shiftId}>
                    {r.mine ? (
                      <span className="inline-flex min-h-11 items-center rounded-md bg-green-50 px-3 text-base font-semibold text-green-800">
                        You serve as {r.label}
                      </span>
                    ) : (
                      <Button
                        variant={r.needed ? 'default' : 'outline'}
                        disabled={answer.isPending}
                        onClick={() =>
                          answer.mutateAsync({ shiftId: r.shiftId, waitlist: true }).then(
                            async (res) => {
                              toast.success(res.status === 'confirmed' ? `You are down as ${r.label}.` : `On the waitlist for ${r.label}.`);
                              await utils.honors.portalDetails.invalidate();
                            },
                            (e: unknown) => toast.error('Error', { description: failureMessage(e) }),
                          )
                        }
                      >
                        {r.needed ? `I can serve as ${r.label}` : `${r.label} is filled: join the waitlist`}
                      </Button>
                    )}
                  </li>
                ))}
            </ul>
            {d.roles.some((r) => r.qualified) ? null : (
              <p className="mt-1 text-base text-muted-foreground">No role you are listed for. Ask the detail leader.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
