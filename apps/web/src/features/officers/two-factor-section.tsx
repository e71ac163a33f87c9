import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CopyIcon, PrinterIcon, ShieldCheckIcon, SmartphoneIcon } from 'lucide-react';
import { z } from 'zod';
import { DisableTwoFactorInput, NewRecoveryCodesInput, TwoFactorCodeInput } from '@post/contracts/officers';
import { commonMessages } from '@post/contracts/messages/common';
import { serverMessages } from '@post/contracts/messages/server';
import { Button, buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { AppCodeField } from '../../components/form/app-code-field.tsx';
import { TextField } from '../../components/form/text-fields.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { Section } from './account-section.tsx';

/** The account's two-factor sign-in: enrol, recovery codes, turn it off. */
export function TwoFactorSection() {
  const status = trpc.account.twoFactor.useQuery();
  const [codes, setCodes] = useState<{ list: string[]; replaced: boolean } | null>(null);
  return (
    <Section id="two-factor-heading" title="Two-factor sign-in">
      {codes ? (
        <RecoveryCodes codes={codes.list} replaced={codes.replaced} onDone={() => setCodes(null)} />
      ) : status.isPending ? (
        <p role="status">{commonMessages.loading}</p>
      ) : status.isError ? (
        <p role="alert">{commonMessages.loadFailed}</p>
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
      form.setError('code', { message: serverMessage(err) ?? serverMessages.internal }, { shouldFocus: true });
    }
  });
  if (!start.data) {
    return (
      <div className="space-y-4 text-lg">
        <p>
          Two-factor sign-in is <strong>off</strong>. With it on, signing in also needs a 6-digit code from an authenticator app on your phone (such as Google
          Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone is not enough.
        </p>
        <Button
          onClick={() => start.mutate(undefined, { onError: (err) => toast.error(serverMessage(err) ?? serverMessages.internal) })}
          disabled={start.isPending}
        >
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
          {/* A phone cannot scan its own screen: the otpauth: link opens the authenticator app there (decision 0087). */}
          <a href={start.data.otpauthUrl} className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'mt-3 hidden! pointer-coarse:inline-flex!')}>
            <SmartphoneIcon aria-hidden="true" />
            Open in authenticator app
          </a>
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
        <AppCodeField form={form} name="code" />
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
      form.setError('code', { message: serverMessage(err) ?? serverMessages.internal }, { shouldFocus: true });
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
      form.setError('password', { message: serverMessage(err) ?? serverMessages.internal }, { shouldFocus: true });
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
