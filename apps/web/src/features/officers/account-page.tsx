import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CopyIcon, PrinterIcon, ShieldCheckIcon } from 'lucide-react';
import { z } from 'zod';
import {
  DisableTwoFactorInput,
  NewRecoveryCodesInput,
  TwoFactorCodeInput,
  UpdateAccountDetailsInput,
  type AccountDetails,
  type StaffSession,
} from '@post/contracts/officers';
import { E, T, TEXT, V } from '@post/contracts/messages';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { BackLink } from '../../components/back-link.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { useAdminSession } from '../../lib/use-session.ts';
import { SE } from '@post/contracts/staff-messages';
import { usePostFormat } from '../../lib/format.ts';

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
          {SE.mustEnrolTwoFactor}
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

function Section({ id, anchor, title, children }: { id: string; anchor?: string; title: string; children: React.ReactNode }) {
  return (
    <section id={anchor} aria-labelledby={id} className="scroll-mt-24">
      <FormPanel>
        <h2 id={id} className="mb-4 text-2xl font-bold text-navy-800">
          {title}
        </h2>
        {children}
      </FormPanel>
    </section>
  );
}

type DetailsForm = z.input<typeof UpdateAccountDetailsInput>;

/** Which field a refusal from the server belongs to. */
const DETAIL_ERRORS: Record<string, keyof DetailsForm> = {
  [SE.staffEmailTaken]: 'email',
  [V.invalidEmail]: 'email',
  [V.firstNameRequired]: 'firstName',
  [V.lastNameRequired]: 'lastName',
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
        <p role="status">{TEXT.loading}</p>
      ) : details.isError ? (
        <p role="alert">{T.loadFailed}</p>
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
      const message = serverMessage(err) ?? E.internal;
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

function TwoFactorSection() {
  const status = trpc.account.twoFactor.useQuery();
  const [codes, setCodes] = useState<{ list: string[]; replaced: boolean } | null>(null);
  return (
    <Section id="two-factor-heading" title="Two-factor sign-in">
      {codes ? (
        <RecoveryCodes codes={codes.list} replaced={codes.replaced} onDone={() => setCodes(null)} />
      ) : status.isPending ? (
        <p role="status">{TEXT.loading}</p>
      ) : status.isError ? (
        <p role="alert">{T.loadFailed}</p>
      ) : status.data.enabled ? (
        <TwoFactorOn left={status.data.recoveryCodesLeft} onCodes={(list) => setCodes({ list, replaced: true })} />
      ) : (
        <Enrol onCodes={(list) => setCodes({ list, replaced: false })} />
      )}
    </Section>
  );
}

/** Start, scan, confirm with a code. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const utils = trpc.useUtils();
  const start = trpc.account.startTwoFactor.useMutation();
  const confirm = trpc.account.confirmTwoFactor.useMutation();
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(TwoFactorCodeInput), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const res = await confirm.mutateAsync(v);
      onCodes(res.recoveryCodes);
      await Promise.all([utils.account.twoFactor.invalidate(), utils.adminAuth.check.invalidate()]);
      toast.success('Two-factor sign-in is on');
    } catch (err) {
      form.setError('code', { message: serverMessage(err) ?? E.internal }, { shouldFocus: true });
    }
  });
  if (!start.data) {
    return (
      <div className="space-y-4 text-lg">
        <p>
          Two-factor sign-in is <strong>off</strong>. With it on, signing in also needs a 6-digit code from an authenticator app on your phone (such as Google
          Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone is not enough.
        </p>
        <Button onClick={() => start.mutate(undefined, { onError: (err) => toast.error(serverMessage(err) ?? E.internal) })} disabled={start.isPending}>
          <ShieldCheckIcon aria-hidden="true" />
          {start.isPending ? 'Starting...' : 'Turn on two-factor sign-in'}
        </Button>
      </div>
    );
  }
  const key = start.data.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="space-y-4 text-lg">
      <ol className="list-decimal space-y-4 pl-6">
        <li>
          Scan this QR code with your authenticator app.
          <img
            src={start.data.qrSvg}
            alt="QR code to add this site to your authenticator app"
            width={208}
            height={208}
            className="mt-2 rounded border bg-white"
          />
        </li>
        <li>
          Or type this key into the app by hand:
          <code
            className="mt-1 block rounded bg-muted px-2 py-1 font-mono text-base break-all"
            aria-label={`Setup key ${start.data.secret.split('').join(' ')}`}
          >
            {key}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows:</li>
      </ol>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Confirm two-factor sign-in">
        <TextField
          form={form}
          name="code"
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          required
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Checking...' : 'Turn On'}
        </Button>
      </form>
    </div>
  );
}

/** The ten recovery codes, shown once (after enrolment, or in place of the old ones). */
function RecoveryCodes({ codes, replaced = false, onDone }: { codes: string[]; replaced?: boolean; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <div className="space-y-4 text-lg">
      <p role="status">
        {replaced ? 'These are your new recovery codes: the old ones no longer work. ' : null}
        Two-factor sign-in is <strong>on</strong>. Save these recovery codes somewhere safe, away from your phone. Each one lets you sign in once if you lose
        your phone. <strong>They are shown only now.</strong>
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-base">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => toast.success('Recovery codes copied'),
              () => toast.error('Could not copy: select the codes and copy them by hand.'),
            )
          }
        >
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Ten new recovery codes in place of the old ones, for a current code from the app. */
function NewCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const utils = trpc.useUtils();
  const make = trpc.account.newRecoveryCodes.useMutation();
  const form = useForm<NewRecoveryCodesInput>({ resolver: zodResolver(NewRecoveryCodesInput), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const res = await make.mutateAsync(v);
      onCodes(res.recoveryCodes);
    } catch (err) {
      form.setError('code', { message: serverMessage(err) ?? E.internal }, { shouldFocus: true });
      return;
    }
    toast.success('New recovery codes made');
    await utils.account.twoFactor.invalidate();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 border-t pt-4" aria-label="Make new recovery codes">
      <h3 className="text-xl font-semibold text-navy-800">New recovery codes</h3>
      <p>Used some, or lost them? Make ten new ones: the old ones stop working.</p>
      <TextField
        form={form}
        name="code"
        label="Code from your app"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        required
        description="The 6-digit code your authenticator app shows now."
      />
      <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Making...' : 'Make new recovery codes'}
      </Button>
    </form>
  );
}

function TwoFactorOn({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const utils = trpc.useUtils();
  const disable = trpc.account.disableTwoFactor.useMutation();
  const form = useForm<z.infer<typeof DisableTwoFactorInput>>({ resolver: zodResolver(DisableTwoFactorInput), defaultValues: { password: '' } });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await disable.mutateAsync(v);
    } catch (err) {
      form.setError('password', { message: serverMessage(err) ?? E.internal }, { shouldFocus: true });
      return;
    }
    toast.success('Two-factor sign-in is off');
    await Promise.all([utils.account.twoFactor.invalidate(), utils.adminAuth.check.invalidate()]);
  });
  return (
    <div className="space-y-4 text-lg">
      <p>
        Two-factor sign-in is <strong>on</strong>. {left} of 10 recovery codes left.
      </p>
      <NewCodes onCodes={onCodes} />
      <form noValidate onSubmit={onSubmit} className="space-y-4 border-t pt-4" aria-label="Turn off two-factor sign-in">
        <h3 className="text-xl font-semibold text-navy-800">Turn off</h3>
        <TextField
          form={form}
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          description="Needed to turn two-factor sign-in off."
        />
        <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
          Turn Off
        </Button>
      </form>
    </div>
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
      toast.error(serverMessage(err) ?? E.internal);
    }
    await utils.account.sessions.invalidate();
  };
  return (
    <Section id="sessions-heading" title="Your sessions">
      {sessions.isPending ? (
        <p role="status">{TEXT.loading}</p>
      ) : sessions.isError ? (
        <p role="alert">{T.loadFailed}</p>
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
