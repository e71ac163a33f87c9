import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { UpdateAccountDetailsInput, type AccountDetails, type StaffSession } from '@post/contracts/officers';
import { accountMessages } from '@post/contracts/messages/account';
import { commonMessages } from '@post/contracts/messages/common';
import { formMessages } from '@post/contracts/messages/forms';
import { serverMessages } from '@post/contracts/messages/server';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { BackLink } from '../../components/back-link.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { AdminTitle } from '../../components/admin-title.tsx';
import { useAdminSession } from '../../lib/use-session.ts';
import { usePostFormat } from '../../lib/format.ts';
import { TwoFactorSection } from './two-factor-section.tsx';
import { Section } from './account-section.tsx';

/** /admin/account: the signed-in account's name and e-mail, two-factor sign-in and sessions (decision 0032). */
export function AccountPage() {
  const session = useAdminSession().data;
  const mustEnrol = session?.mustEnrolTwoFactor === true;
  return (
    <Page
      before={mustEnrol ? undefined : <BackLink to="/admin" />}
      title="Your Account"
      intro={session?.username ? `Signed in as ${session.username} (${session.role === 'administrator' ? 'administrator' : 'editor'}).` : undefined}
    >
      <AdminTitle text="Your Account" />
      {mustEnrol ? (
        <p role="alert" className="mb-6 rounded-md border border-warning bg-warning/10 p-4 text-lg">
          {accountMessages.mustEnrolTwoFactor}
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        {mustEnrol ? null : <DetailsSection />}
        <TwoFactorSection />
        {mustEnrol ? null : <SessionsSection />}
      </div>
      {mustEnrol ? null : (
        <p className="mt-8 text-lg">
          <Link to="/admin/change-password" className="font-medium text-navy-700 underline">
            Change your password
          </Link>
        </p>
      )}
    </Page>
  );
}

type DetailsForm = z.input<typeof UpdateAccountDetailsInput>;

/** Which field a refusal from the server belongs to. */
const DETAIL_ERRORS: Record<string, keyof DetailsForm> = {
  [accountMessages.staffEmailTaken]: 'email',
  [formMessages.invalidEmail]: 'email',
  [formMessages.firstNameRequired]: 'firstName',
  [formMessages.lastNameRequired]: 'lastName',
};

function formValues(d: AccountDetails): DetailsForm {
  return { firstName: d.firstName ?? '', lastName: d.lastName ?? '', email: d.email ?? '' };
}

/** The account's own name and e-mail address (the newsletter's test copy goes to that address). */
function DetailsSection() {
  const details = trpc.account.details.useQuery();
  return (
    <Section id="details-heading" anchor="details" title="Your details">
      {details.isPending ? (
        <p role="status">{commonMessages.loading}</p>
      ) : details.isError ? (
        <p role="alert">{commonMessages.loadFailed}</p>
      ) : (
        <DetailsFormView details={details.data} />
      )}
    </Section>
  );
}

function DetailsFormView({ details }: { details: AccountDetails }) {
  const utils = trpc.useUtils();
  const update = trpc.account.updateDetails.useMutation();
  const form = useForm<DetailsForm>({ resolver: zodResolver(UpdateAccountDetailsInput), defaultValues: formValues(details) });
  const onSubmit = form.handleSubmit(async (v) => {
    let saved: AccountDetails;
    try {
      saved = await update.mutateAsync(v);
    } catch (err) {
      const message = serverMessage(err) ?? serverMessages.internal;
      const field = DETAIL_ERRORS[message];
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else toastSaveError(err, 'Your details were not saved');
      return;
    }
    utils.account.details.setData(undefined, saved);
    form.reset(formValues(saved));
    toast.success('Your details are saved');
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Your details">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required maxLength={100} />
        <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" required maxLength={100} />
      </div>
      <TextField
        form={form}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        maxLength={255}
        description="Where newsletter test copies and password-reset links are sent. Leave it empty for none."
      />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

function SessionsSection() {
  const sessions = trpc.account.sessions.useQuery();
  const utils = trpc.useUtils();
  const end = trpc.account.endSession.useMutation();
  // In the post's time zone, as every time on the site (decisions §1), not the browser's.
  const f = usePostFormat();
  const when = (iso: string | null) => (iso ? f.dateTime(iso) : 'unknown');
  const endOne = async (s: StaffSession) => {
    try {
      await end.mutateAsync({ id: s.id });
      toast.success(`Signed out ${s.device}`);
    } catch (err) {
      toast.error(serverMessage(err) ?? serverMessages.internal);
    }
    await utils.account.sessions.invalidate();
  };
  return (
    <Section id="sessions-heading" title="Your sessions">
      {sessions.isPending ? (
        <p role="status">{commonMessages.loading}</p>
      ) : sessions.isError ? (
        <p role="alert">{commonMessages.loadFailed}</p>
      ) : (
        <ul className="divide-y" aria-label="Your sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="text-lg font-semibold">
                  {s.device} {s.current ? <Badge variant="secondary">This device</Badge> : null}
                </p>
                <p className="text-base text-muted-foreground">
                  {s.ip ?? 'Unknown address'} · last used {s.current ? 'now' : when(s.lastUsedAt)}
                </p>
              </div>
              {s.current ? null : (
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" aria-label={`End session: ${s.device}, last used ${when(s.lastUsedAt)}`}>
                      End session
                    </Button>
                  }
                  title={`End the session on ${s.device}?`}
                  description="That browser is signed out at its next request."
                  confirmLabel="End session"
                  onConfirm={() => endOne(s)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
