import { useId, useState } from 'react';
import type { ZodType } from 'zod';
import { CircleCheckIcon, PhoneIcon } from 'lucide-react';
import type { CreateHonorsRequestInput } from '@post/contracts/honors';
import { honorsMessages as m } from '@post/contracts/messages/honors';
import { BRANCHES } from '@post/contracts/enums/branch';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { Textarea } from '@post/ui/components/textarea';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { usePlainForm } from '../../components/form/plain-form.ts';
import { usePlainFormDraft } from '../../lib/use-plain-form-draft.ts';

const HONEYPOT = ['website'] as const;

/**
 * /funeral-honors (issue 62, decision 0088): a family or funeral home asks for an honor guard.
 * A plain form with the volunteer form's anti-spam means (a honeypot and a per-address limit),
 * saying plainly what the post can and cannot promise and whom to call when it is urgent.
 */
export function HonorsRequestPage() {
  const settings = useSiteSettings().data;
  const schema = () => import('./request-schema.ts').then((s): ZodType<CreateHonorsRequestInput> => s.requestFormSchema(settings.timeZone) as never);
  const form = usePlainForm(schema);
  const send = trpc.honors.request.useMutation();
  // A family's typing is never lost to a reload or Back; forgotten once sent (decision 0095).
  const { ref: draftRef, save: saveDraft, clear: clearDraft, restored } = usePlainFormDraft('funeral-honors-request', HONEYPOT);
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const id = useId();
  const tel = settings.phone.replace(/[^\d+]/g, '');
  const errors = form.errors as Record<string, string | undefined>;

  async function submit(values: CreateHonorsRequestInput): Promise<false> {
    setFailed(null);
    try {
      await send.mutateAsync(values);
      clearDraft();
      setSent(true);
    } catch (err) {
      setFailed(serverMessage(err) ?? 'We could not send your request just now. Please call the post.');
    }
    return false;
  }

  const field = (name: string, label: string, input: React.ReactNode, required = true) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${name}`} className="block font-semibold">
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-muted-foreground"> (optional)</span>}
      </label>
      {input}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} role="alert" className="text-base font-medium text-destructive">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const props = (name: string, required = true) => ({
    id: `${id}-${name}`,
    name,
    required,
    'aria-required': required || undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <Page title={m.pageTitle} intro={m.intro}>
      <div className="mb-6 max-w-3xl rounded-lg border-2 border-flag-red-300 bg-flag-red-50 p-4 text-lg">
        <p className="font-semibold text-flag-red-800">{m.urgent(settings.phone)}</p>
        {tel ? (
          <a href={`tel:${tel}`} className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md bg-flag-red-700 px-4 font-semibold text-white">
            <PhoneIcon aria-hidden="true" className="size-5" />
            Call {settings.phone}
          </a>
        ) : null}
      </div>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          {sent ? (
            <div role="status" className="flex gap-3 rounded-lg border bg-card p-6 text-lg">
              <CircleCheckIcon aria-hidden="true" className="mt-1 size-6 shrink-0 text-green-700" />
              <p>{m.sent}</p>
            </div>
          ) : (
            <form
              {...form.formProps}
              ref={draftRef}
              onInput={(e) => {
                form.formProps.onInput(e);
                saveDraft();
              }}
              onSubmit={(e) => form.submit(e, submit)}
              aria-label={m.pageTitle}
              className="space-y-6 rounded-lg border bg-card p-5 text-lg"
            >
              {restored ? (
                <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border bg-muted p-3 text-base">
                  <p>What you typed earlier on this device is back in the form.</p>
                  <Button
                    type="button"
                    variant="outline"
                    className="min-h-11"
                    onClick={(e) => {
                      e.currentTarget.form?.reset();
                      clearDraft();
                    }}
                  >
                    Start over
                  </Button>
                </div>
              ) : null}
              <fieldset className="space-y-4">
                <legend className="mb-2 text-xl font-bold text-navy-800">The veteran and the service</legend>
                {field('deceasedName', "Veteran's full name", <Input {...props('deceasedName')} autoComplete="off" />)}
                {field(
                  'branch',
                  'Branch of service',
                  <select {...props('branch')} defaultValue="" className="h-11 w-full rounded-md border bg-background px-3 text-base">
                    <option value="" disabled>
                      Choose…
                    </option>
                    {[...BRANCHES, 'Other'].map((b) => (
                      <option key={b} value={b}>
                        {b}
                      </option>
                    ))}
                  </select>,
                )}
                <div className="grid gap-4 sm:grid-cols-2">
                  {field('serviceDate', 'Date of the service', <Input {...props('serviceDate')} type="date" />)}
                  {field('serviceTime', 'Time', <Input {...props('serviceTime')} type="time" />)}
                </div>
                {field('location', 'Place (cemetery, funeral home or church, with the town)', <Input {...props('location')} />)}
              </fieldset>
              <fieldset className="space-y-4">
                <legend className="mb-2 text-xl font-bold text-navy-800">Who we call back</legend>
                {field('requesterName', 'Your name (family member or funeral director)', <Input {...props('requesterName')} autoComplete="name" />)}
                {field('requesterPhone', 'Your phone', <Input {...props('requesterPhone')} type="tel" autoComplete="tel" inputMode="tel" />)}
                {field(
                  'requesterEmail',
                  'Your e-mail',
                  <Input {...props('requesterEmail', false)} type="email" autoComplete="email" inputMode="email" />,
                  false,
                )}
                {field('notes', 'Anything we should know', <Textarea {...props('notes', false)} rows={4} />, false)}
              </fieldset>
              {/* People never see or fill this; simple bots do. */}
              <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
                <label>
                  Website
                  <input type="text" name="website" tabIndex={-1} autoComplete="off" />
                </label>
              </div>
              {failed ? (
                <p role="alert" className="rounded border border-flag-red-300 bg-flag-red-50 p-3 text-flag-red-800">
                  {failed}
                </p>
              ) : null}
              <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!form.hydrated || form.busy}>
                {form.busy ? 'Sending…' : 'Send the request'}
              </Button>
            </form>
          )}
        </div>
        <aside aria-label="What to expect" className="space-y-4 text-base max-lg:order-first">
          <p>{m.canPromise}</p>
          <p>{m.cannotPromise}</p>
        </aside>
      </div>
    </Page>
  );
}
