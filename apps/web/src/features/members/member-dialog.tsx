import { useEffect, useRef, useState } from 'react';
import { useReturnFocus } from '../../lib/use-return-focus.ts';
import type * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { MemberFormSchema, type Member } from '@post/contracts/members';
import { PASSWORD_MIN } from '@post/contracts/limits';
import { memberMessages } from '@post/contracts/messages/members';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { renewedThrough, type RenewalCalendar } from '@post/contracts/rules/dues';
import { renewalCalendar } from '@post/contracts/membership-defaults';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { Button } from '@post/ui/components/button';
import { DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { serverMessage, sessionLapsedMessage, trpc } from '../../lib/trpc.ts';
import { usePostFormat } from '../../lib/format.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/boolean-fields.tsx';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { FormDialog, useDialogDirty } from '../../components/form/form-dialog.tsx';
import { BRANCH_OPTIONS, MEMBERSHIP_TYPE_OPTIONS, POST_ROLE_OPTIONS } from './labels.ts';
import { PaidThroughField } from './paid-through-field.tsx';
import { ObituaryWarnings } from './obituary-warnings.tsx';
import { PictureField } from '../../components/form/image-upload-field.tsx';
import { MemberPayments } from './member-payments.tsx';
import { HonorGuardField } from './honor-guard-field.tsx';
import { UnitField } from './unit-field.tsx';

export type FormIn = z.input<typeof MemberFormSchema>;
export type FormOut = z.output<typeof MemberFormSchema>;

/** The member dialog: 'Add New Member' with no member, 'Edit Member: {first} {last}' with one (spec §2). */
export function MemberDialog({ open, member, onOpenChange }: { open: boolean; member?: Member; onOpenChange: (open: boolean) => void }) {
  const title = member ? `Edit Member: ${member.firstName} ${member.lastName}` : 'Add New Member';
  // The form starts again should Settings' dues basis arrive after it opened (decision 0098).
  const basis = useSiteSettings().data.membership.duesBasis;
  // Closing the dialog (Cancel, Escape or its close button) forgets the form's draft.
  const forgetDraftRef = useRef<(() => void) | null>(null);
  const content = useRef<HTMLDivElement>(null);
  // The list re-renders after a save, so the button that opened the dialog may be gone:
  // focus then goes to Add Member (or this member's Edit button) by its data attribute.
  const returnFocus = useReturnFocus(open, () =>
    Array.from(document.querySelectorAll<HTMLElement>(member ? `[data-edit-member="${member.id}"]` : '[data-add-member]')).find(
      (el) => el.offsetParent !== null,
    ),
  );
  const onChange = (next: boolean) => {
    if (!next) forgetDraftRef.current?.();
    onOpenChange(next);
  };
  return (
    // Closing it with unsaved changes asks first (issue 46 #2, decision 0061).
    <FormDialog open={open} onOpenChange={onChange}>
      <DialogContent
        ref={content}
        className="sm:max-w-4xl!"
        onCloseAutoFocus={returnFocus}
        // Start on the first field (not on Discard, when a draft was restored).
        onOpenAutoFocus={(e) => {
          const first = content.current?.querySelector<HTMLElement>('form input:not([type=hidden])');
          if (!first) return;
          e.preventDefault();
          first.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{member ? 'Change the member’s details and portal access.' : 'Add a member to the post’s directory.'}</DialogDescription>
        </DialogHeader>
        {/* Keyed so that opening the dialog again always starts from the member's saved values. */}
        {open ? <MemberForm key={`${member?.id ?? 'new'}:${basis}`} member={member} forgetDraftRef={forgetDraftRef} onDone={() => onChange(false)} /> : null}
      </DialogContent>
    </FormDialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4 sm:rounded-lg sm:border sm:p-4">
      <legend className="mb-2 text-lg font-semibold text-navy-800 sm:mb-0 sm:px-1">{title}</legend>
      {children}
    </fieldset>
  );
}

function defaultsOf(member: Member | undefined, timeZone: string, cal: RenewalCalendar): FormIn {
  const today = utcToZoned(new Date(), timeZone).date;
  // Anniversary dues: the day paid through, a new member's twelve months from today (decision 0098).
  const anniversary = cal.basis === 'anniversary';
  return {
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    email: member?.email ?? '',
    phone: member?.phone ?? '',
    membershipNumber: member?.membershipNumber ?? '',
    postRole: member?.postRole ?? 'none',
    unit: member?.unit ?? 'post',
    membershipType: member?.membershipType ?? 'Annual Member',
    branchOfService: member?.branchOfService ?? 'unspecified',
    yearsOfService: String(member?.yearsOfService ?? 0),
    memberSince: member ? utcToZoned(member.memberSince, timeZone).date : today,
    paidThrough: member && !anniversary ? (member.paidThrough === null ? '' : String(member.paidThrough)) : undefined,
    paidThroughOn: anniversary ? (member ? (member.paidThroughOn ?? '') : renewedThrough(null, today, cal)) : undefined,
    isActive: member?.isActive ?? true,
    hasOnlineAccess: member?.hasOnlineAccess ?? false,
    honorGuardRoles: member?.honorGuardRoles ?? [],
    loginPassword: '',
    address: member?.address ?? '',
    city: member?.city ?? '',
    state: member?.state ?? '',
    zipCode: member?.zipCode ?? '',
    deployments: member?.deployments ?? '',
    deceasedOn: member?.deceasedOn ?? '',
    serviceEra: member?.serviceEra ?? '',
    obituary: member?.obituary ?? '',
    photo: { image: member?.image ?? null, alt: member?.image ? (member.imageAlt ?? '') : '' },
  };
}

/** A portal password people can read aloud and type: 4 groups of 4 letters and digits, no look-alikes (as the server's). */
export function generatePortalPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** The draft key of the member dialog's form: `member:new` or `member:{id}`. */
export function memberDraftKey(member?: Pick<Member, 'id'>): string {
  return `member:${member?.id ?? 'new'}`;
}

function MemberForm({ member, onDone, forgetDraftRef }: { member?: Member; onDone: () => void; forgetDraftRef: React.RefObject<(() => void) | null> }) {
  const { timeZone } = usePostFormat();
  const cal = renewalCalendar(useSiteSettings().data.membership);
  const anniversary = cal.basis === 'anniversary';
  const paidField = anniversary ? 'paidThroughOn' : 'paidThrough';
  const utils = trpc.useUtils();
  const create = trpc.members.create.useMutation();
  const update = trpc.members.update.useMutation();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(MemberFormSchema), defaultValues: defaultsOf(member, timeZone, cal) });
  const saving = form.formState.isSubmitting || create.isPending || update.isPending;
  const onlineAccess = useWatch({ control: form.control, name: 'hasOnlineAccess' });
  const typedPassword = useWatch({ control: form.control, name: 'loginPassword' });
  const [showPassword, setShowPassword] = useState(false);
  const noPassword = onlineAccess && !member?.hasPortalPassword && !typedPassword;
  // What was typed survives a reload or a lapsed session (the portal password never is kept).
  const draft = useFormDraft(form, memberDraftKey(member));
  useDialogDirty(form.formState.isDirty);
  useEffect(() => {
    forgetDraftRef.current = draft.clear;
    return () => {
      forgetDraftRef.current = null;
    };
  }, [forgetDraftRef, draft.clear]);

  // Lowering paid-through below a recorded payment is said first; saving again confirms it (decision 0086).
  const [lowerWarned, setLowerWarned] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ photo, ...fields }) => {
    const failed = member ? memberMessages.updateFailed : memberMessages.createFailed;
    const values = { ...fields, imageId: photo.image?.id ?? null, imageAlt: photo.image ? photo.alt : null };
    try {
      if (member)
        await update.mutateAsync({ id: member.id, ...values, confirmLowerPaidThrough: lowerWarned !== null && lowerWarned === String(values[paidField]) });
      else await create.mutateAsync(values);
      draft.clear();
      toast.success(member ? memberMessages.updated : memberMessages.created, { description: `${values.firstName} ${values.lastName}` });
      await utils.members.list.invalidate();
      onDone();
    } catch (err) {
      const message = serverMessage(err);
      if (message === memberMessages.membershipNumberTaken) form.setError('membershipNumber', { message }, { shouldFocus: true });
      else if (message === memberMessages.emailTaken) form.setError('email', { message }, { shouldFocus: true });
      else if (message?.startsWith('A payment for ')) {
        setLowerWarned(String(values[paidField]));
        form.setError(paidField, { message }, { shouldFocus: true });
        return;
      }
      const lapsed = sessionLapsedMessage(err);
      if (lapsed) toast.error(failed, { description: lapsed });
      else toast.error(message ?? failed);
    }
  });

  // A payment recorded below moves paid-through on the server: the form takes the new year (or day) as saved.
  const onPaid = ({ year, on }: { year: number | null; on: string | null }) =>
    anniversary
      ? form.resetField('paidThroughOn', { defaultValue: on ?? '' })
      : form.resetField('paidThrough', { defaultValue: year === null ? '' : String(year) });
  return (
    <>
      <form id="member-form" onSubmit={onSubmit} noValidate className="space-y-5" aria-label={member ? 'Edit member' : 'Add member'}>
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <Section title="Basic Information">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField form={form} name="firstName" label="First Name" autoComplete="off" required />
            <TextField form={form} name="lastName" label="Last Name" autoComplete="off" required />
            <TextField form={form} name="email" label="Email" type="email" autoComplete="off" required />
            <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" />
            <TextField form={form} name="membershipNumber" label="Membership Number" autoComplete="off" required />
          </div>
        </Section>
        <Section title="Service Organization Information">
          <div className="grid gap-4 md:grid-cols-2">
            <SelectField form={form} name="postRole" label="Post Role" options={POST_ROLE_OPTIONS} />
            <UnitField form={form} name="unit" current={member?.unit ?? 'post'} />
            <SelectField form={form} name="membershipType" label="Membership Type" options={MEMBERSHIP_TYPE_OPTIONS} />
            <SelectField form={form} name="branchOfService" label="Branch of Service" options={BRANCH_OPTIONS} />
            <TextField form={form} name="yearsOfService" label="Years of Service" type="number" inputMode="numeric" min={0} max={100} step={1} />
            <TextField form={form} name="memberSince" label="Member Since" type="date" />
            <PaidThroughField form={form} member={member} anniversary={anniversary} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <SwitchField control={form.control} name="isActive" label="Active Member" />
            <SwitchField
              control={form.control}
              name="hasOnlineAccess"
              label="Online Portal Access"
              description={noPassword ? 'The member can sign in only once a portal password is set.' : undefined}
            />
          </div>
          <HonorGuardField control={form.control} name="honorGuardRoles" />
          <TextField
            form={form}
            name="loginPassword"
            label="Portal Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            placeholder={member ? 'Leave blank to keep the current password' : 'Leave blank to set one later'}
            description={
              member?.hasPortalPassword
                ? `A portal password is set; it is never shown. Type a new one (at least ${PASSWORD_MIN} characters) to replace it.`
                : `At least ${PASSWORD_MIN} characters. The member signs in with their membership number and this password.`
            }
          />
          {/* Generate a password to read out or hand over, and Show what was typed (issue 23 #5). */}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                form.setValue('loginPassword', generatePortalPassword(), { shouldDirty: true, shouldValidate: true });
                setShowPassword(true);
              }}
            >
              Generate
            </Button>
            <Button type="button" variant="outline" size="sm" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
              {showPassword ? 'Hide' : 'Show'}
            </Button>
          </div>
        </Section>
        <Section title="Address">
          <TextField form={form} name="address" label="Street Address" autoComplete="off" />
          <div className="grid gap-4 md:grid-cols-3">
            <TextField form={form} name="city" label="City" autoComplete="off" />
            <TextField form={form} name="state" label="State" autoComplete="off" />
            <TextField form={form} name="zipCode" label="ZIP Code" inputMode="numeric" autoComplete="off" />
          </div>
        </Section>
        <TextAreaField form={form} name="deployments" label="Deployments/Service History" rows={3} />
        <Section title="Post Everlasting">
          <p className="text-base text-muted-foreground">
            A member with a date of death leaves mailings, reminders, sign-in and the active directory, and gets a draft honor-roll entry, public only once
            published with the family&apos;s consent (Honor Roll, on the dashboard). Nothing is deleted.
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField form={form} name="deceasedOn" label="Date of Death" type="date" />
            <TextField form={form} name="serviceEra" label="Era or War" placeholder="For example: Vietnam War" maxLength={100} />
          </div>
          <TextAreaField form={form} name="obituary" label="Obituary" rows={4} aria-describedby="obituary-warnings" />
          <ObituaryWarnings form={form} />
          <PictureField control={form.control} name="photo" label="Photo" />
        </Section>
      </form>
      {member ? <MemberPayments member={member} onPaid={onPaid} /> : null}
      <DialogFooter className="border-t pt-4">
        {/* Asks before throwing away changes, as Escape and the Close button do (issue 46 #2). */}
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" form="member-form" disabled={saving} aria-disabled={saving || undefined}>
          {saving ? 'Saving...' : member ? 'Update Member' : 'Add Member'}
        </Button>
      </DialogFooter>
    </>
  );
}
