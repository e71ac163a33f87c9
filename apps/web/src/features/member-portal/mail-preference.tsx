import { useId } from 'react';
import { toast } from 'sonner';
import { Switch } from '@post/ui/components/switch';
import { Label } from '@post/ui/components/label';
import { failureMessage, trpc } from '../../lib/trpc.ts';

type Choice = 'emailNotices' | 'renewalReminders';
const SAVED: Record<Choice, [on: string, off: string]> = {
  emailNotices: ['Post communications will come by e-mail.', 'Post communications will no longer come by e-mail.'],
  renewalReminders: ['Renewal reminders will come by e-mail.', 'Renewal reminders will no longer come by e-mail.'],
};

/**
 * "E-mail me post communications" (issue 19 #5) and "E-mail me renewal reminders" (issue 45 #2,
 * decision 0065): the member turns each kind of e-mail off or on.
 */
export function MailPreference() {
  const id = useId();
  const utils = trpc.useUtils();
  const prefs = trpc.memberPortal.mailPreferences.useQuery(undefined, { staleTime: 0, gcTime: 0 });
  const set = trpc.memberPortal.setMailPreferences.useMutation({
    onSuccess: (data) => utils.memberPortal.mailPreferences.setData(undefined, data),
  });
  const toggle = (choice: Choice, label: string) => {
    const pending = set.isPending && set.variables?.[choice] !== undefined;
    const checked = pending ? Boolean(set.variables?.[choice]) : Boolean(prefs.data?.[choice]);
    return (
      <div className="mt-3 flex items-center gap-3">
        <Switch
          id={`${id}-${choice}`}
          aria-describedby={`${id}-note`}
          checked={checked}
          disabled={prefs.isPending || set.isPending || !!prefs.error}
          onCheckedChange={async (on) => {
            try {
              await set.mutateAsync({ [choice]: on });
              toast.success(SAVED[choice][on ? 0 : 1]);
            } catch (err) {
              toast.error(failureMessage(err, 'Your choice could not be saved. Please try again.'));
            }
          }}
        />
        <Label htmlFor={`${id}-${choice}`} className="text-lg!">
          {label}
        </Label>
      </div>
    );
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-navy-800">
        E-mail
      </h2>
      {toggle('emailNotices', 'E-mail me post communications')}
      {toggle('renewalReminders', 'E-mail me renewal reminders')}
      <p id={`${id}-note`} className="mt-2 text-base text-muted-foreground">
        {prefs.error ? 'Your e-mail choice could not be loaded. Please reload the page.' : 'Urgent notices are always sent, whatever you choose here.'}
      </p>
    </section>
  );
}
