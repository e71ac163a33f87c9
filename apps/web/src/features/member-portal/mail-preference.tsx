import { useId } from 'react';
import { toast } from 'sonner';
import { Switch } from '@post/ui/components/switch';
import { Label } from '@post/ui/components/label';
import { failureMessage, trpc } from '../../lib/trpc.ts';

/** "E-mail me post communications": the member turns non-urgent notices by e-mail off or on (issue 19 #5). */
export function MailPreference() {
  const id = useId();
  const utils = trpc.useUtils();
  const prefs = trpc.memberPortal.mailPreferences.useQuery(undefined, { staleTime: 0, gcTime: 0 });
  const set = trpc.memberPortal.setMailPreferences.useMutation({
    onSuccess: (data) => utils.memberPortal.mailPreferences.setData(undefined, data),
  });
  const checked = set.isPending ? Boolean(set.variables?.emailNotices) : Boolean(prefs.data?.emailNotices);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-navy-800">
        E-mail
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <Switch
          id={`${id}-switch`}
          aria-describedby={`${id}-note`}
          checked={checked}
          disabled={prefs.isPending || set.isPending || !!prefs.error}
          onCheckedChange={async (on) => {
            try {
              await set.mutateAsync({ emailNotices: on });
              toast.success(on ? 'Post communications will come by e-mail.' : 'Post communications will no longer come by e-mail.');
            } catch (err) {
              toast.error(failureMessage(err, 'Your choice could not be saved. Please try again.'));
            }
          }}
        />
        <Label htmlFor={`${id}-switch`} className="text-lg">
          E-mail me post communications
        </Label>
      </div>
      <p id={`${id}-note`} className="mt-2 text-base text-muted-foreground">
        {prefs.error ? 'Your e-mail choice could not be loaded. Please reload the page.' : 'Urgent notices are always sent, whatever you choose here.'}
      </p>
    </section>
  );
}
