import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { commonMessages } from '@post/contracts/messages/common';
import { siteSettingsMessages } from '@post/contracts/messages/site-settings';
import { SiteSettingsSchema, type SiteSettingsOutput } from '@post/contracts/site-settings';
import { FormPictureSchema } from '@post/contracts/images';
import { PictureField } from '../../components/form/image-upload-field.tsx';
import { TextField } from '../../components/form/text-fields.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { BackLink } from '../../components/back-link.tsx';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/boolean-fields.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import type { RenewalReminderPreview } from '@post/contracts/renewals';
import { MembershipSettingsSection } from './membership-settings.tsx';
import { RemindersOnSaveDialog } from './reminders-on-save-dialog.tsx';
import { BackupSettingsSection } from './backup-settings.tsx';
import { HonorsSettingsSection } from './honors-settings.tsx';
import { ServiceSettings } from './service-settings.tsx';
import { ReportingSettingsSection } from './reporting-settings.tsx';
import { ReportFormsEditor } from './report-forms-editor.tsx';
import { LinkList, OfficeSection, RowLabel, Section } from './site-settings-sections.tsx';

// The logo is a picture field of the form (image and alt text together, kept in the draft).
const schema = SiteSettingsSchema.extend({ logoPicture: FormPictureSchema });
/** The settings form's values as typed (its sections' types). */
export type FormIn = z.input<typeof schema>;
type FormOut = z.output<typeof schema>;
/** The settings form (its sections' types). */
export type Form = UseFormReturn<FormIn, unknown, FormOut>;

/** Post hours: one line per day of the week. */
const POST_HOURS_ROWS = 7;

/** The settings as the form edits them: always seven lines of post hours, the logo as a picture. */
function toFormValues({ logo, ...settings }: SiteSettingsOutput): FormIn {
  const hours = settings.postHours.slice(0, POST_HOURS_ROWS);
  while (hours.length < POST_HOURS_ROWS) hours.push({ day: '', hours: '' });
  return { ...settings, postHours: hours, logoPicture: { image: logo, alt: logo ? (settings.logoAlt ?? '') : '' } };
}

/** Time zones of the United States and its territories, most used first. */
const US_TIME_ZONES: { value: string; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern Time (New York)' },
  { value: 'America/Chicago', label: 'Central Time (Chicago)' },
  { value: 'America/Denver', label: 'Mountain Time (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain Time without daylight saving (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska Time (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time (Honolulu)' },
  { value: 'America/Detroit', label: 'Eastern Time (Detroit)' },
  { value: 'America/Indiana/Indianapolis', label: 'Eastern Time (Indianapolis)' },
  { value: 'America/Kentucky/Louisville', label: 'Eastern Time (Louisville)' },
  { value: 'America/Boise', label: 'Mountain Time (Boise)' },
  { value: 'America/Adak', label: 'Hawaii-Aleutian Time (Adak)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic Time (Puerto Rico, U.S. Virgin Islands)' },
  { value: 'Pacific/Guam', label: 'Chamorro Time (Guam, Northern Mariana Islands)' },
  { value: 'Pacific/Pago_Pago', label: 'Samoa Time (American Samoa)' },
];

/** The post's identity and settings (decisions §1). */
export function SiteSettingsPage() {
  const settings = trpc.siteSettings.get.useQuery();
  return (
    <Page before={<BackLink to="/admin" />} title="Site Settings" intro="The post's name, contact details, hours and links shown across the website.">
      <AdminTitle text="Site Settings" />
      {settings.data ? (
        <SiteSettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <ErrorState message={commonMessages.loadFailed} />
      ) : (
        <LoadingState text={commonMessages.loading} />
      )}
    </Page>
  );
}

function SiteSettingsForm({ settings }: { settings: SiteSettingsOutput }) {
  const utils = trpc.useUtils();
  const save = trpc.siteSettings.update.useMutation();
  const form: Form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(schema), defaultValues: toFormValues(settings) });
  const { blocker } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, 'site-settings');
  const zones = US_TIME_ZONES.some((z) => z.value === settings.timeZone)
    ? US_TIME_ZONES
    : [{ value: settings.timeZone, label: settings.timeZone.replace(/_/g, ' ') }, ...US_TIME_ZONES];

  const remindersOnSave = trpc.siteSettings.remindersOnSave.useMutation();
  type Body = Parameters<typeof save.mutateAsync>[0];
  // A save that would send renewal reminders waits here until the administrator answers (decision 0095).
  const [asking, setAsking] = useState<{ preview: RenewalReminderPreview; body: Body } | null>(null);

  const onSubmit = form.handleSubmit(async ({ logoPicture, ...v }) => {
    const body: Body = {
      ...v,
      postHours: v.postHours.filter((h) => h.day.trim() || h.hours.trim()),
      logoImageId: logoPicture.image?.id ?? null,
      logoAlt: logoPicture.image ? logoPicture.alt : '',
    };
    let preview: RenewalReminderPreview;
    try {
      preview = await remindersOnSave.mutateAsync({ membership: v.membership });
    } catch (err) {
      toastSaveError(err, siteSettingsMessages.saveFailed);
      return;
    }
    if (preview.count > 0) setAsking({ preview, body });
    else await persist(body);
  });

  const persist = async (body: Body) => {
    let saved: SiteSettingsOutput;
    try {
      saved = await save.mutateAsync(body);
    } catch (err) {
      toastSaveError(err, siteSettingsMessages.saveFailed);
      return;
    }
    draft.clear();
    // The header, footer and resources page read this query: they change at once.
    utils.siteSettings.get.setData(undefined, saved);
    await utils.siteSettings.get.invalidate();
    form.reset(toFormValues(saved));
    toast.success(
      siteSettingsMessages.saved,
      body.confirmReminders ? { description: `${body.confirmReminders} renewal ${body.confirmReminders === 1 ? 'reminder' : 'reminders'} sent` } : undefined,
    );
  };

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-10" aria-label="Site settings">
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <Section title="The post">
          <TextField form={form} name="postName" label="Post Name" required maxLength={200} />
          <PictureField control={form.control} name="logoPicture" label="Logo" />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField form={form} name="postNumber" label="Post Number" maxLength={20} />
            <TextField form={form} name="foundedYear" label="Founded" type="number" inputMode="numeric" min={1800} max={2100} step={1} required />
            <SelectField
              form={form}
              name="timeZone"
              label="Time Zone"
              options={zones}
              required
              description="Event dates and times are entered and shown in this zone."
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="town" label="Town" maxLength={100} />
            <TextField form={form} name="state" label="State" maxLength={50} />
          </div>
        </Section>

        <Section title="Contact">
          <TextField form={form} name="streetAddress" label="Street Address" autoComplete="street-address" maxLength={300} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" maxLength={30} />
            <TextField form={form} name="email" label="Email" type="email" autoComplete="email" maxLength={255} />
          </div>
        </Section>

        <Section title="Post hours" description="Shown in the footer, one line per day; leave a line empty to leave it out.">
          <ol className="space-y-3">
            {Array.from({ length: POST_HOURS_ROWS }, (_, i) => (
              <li key={i} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-end gap-3">
                <TextField form={form} name={`postHours.${i}.day`} label={<RowLabel text="Day" item="row" n={i + 1} compact />} maxLength={20} />
                <TextField form={form} name={`postHours.${i}.hours`} label={<RowLabel text="Hours" item="row" n={i + 1} compact />} maxLength={50} />
              </li>
            ))}
          </ol>
        </Section>

        <Section title="Social links" description="Links in the footer. A link without an address is not shown.">
          <LinkList form={form} name="socialLinks" max={10} addLabel="Add social link" item="social link" />
        </Section>

        <OfficeSection form={form} name="countyOffice" title="County veterans service office" />
        <OfficeSection form={form} name="stateOffice" title="State department of veterans' affairs" />

        <Section title="National organisation links" description="Listed on the Veteran Resources page.">
          <LinkList form={form} name="nationalLinks" max={20} addLabel="Add national link" item="national link" />
        </Section>

        <Section title="Security" description="Applies to every staff account, administrators and editors alike.">
          <SwitchField
            control={form.control}
            name="requireTwoFactor"
            label="Require two-factor sign-in for every administrator account"
            description="Accounts without it must turn it on at their next sign-in before they can do anything else. Turn it on for your own account first."
          />
        </Section>
        <Section title="Audit log" description="Who changed what is recorded in the audit log; older entries are deleted.">
          <div className="max-w-xs">
            <TextField
              form={form}
              name="auditRetentionMonths"
              label="Keep the audit log for (months)"
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
              step={1}
              required
              description="1 to 120 months; 24 is two years."
            />
          </div>
        </Section>

        <MembershipSettingsSection form={form} />
        <ServiceSettings form={form} />
        <ReportingSettingsSection form={form} saved={settings.reporting} />
        <HonorsSettingsSection form={form} />
        <BackupSettingsSection form={form} />

        <FormActions saving={form.formState.isSubmitting} saveLabel="Save Settings" cancel={{ to: '/admin' }} />
      </form>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
      {/* Outside the settings form: a report form's lines save on their own (decision 0094). */}
      <ReportFormsEditor />
      <RemindersOnSaveDialog
        preview={asking?.preview ?? null}
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          if (!asking) return;
          setAsking(null);
          await persist({ ...asking.body, confirmReminders: asking.preview.count });
        }}
      />
    </FormPanel>
  );
}
