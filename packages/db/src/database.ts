// Long file: one Kysely interface per table, kept together so row-types.test.ts checks them against the migrated schema in one place.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OutboxState } from '@post/contracts/enums/outbox-state';
import type { SignUpStatus } from '@post/contracts/enums/sign-up-status';
import type { StaffRole } from '@post/contracts/enums/staff-role';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A timestamp an insert must give (not null, no default). */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

/** Administrators. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** 'administrator' (everything) or 'editor' (content only); decision 0031. */
  role: Generated<StaffRole>;
  /** A disabled account cannot sign in; its sessions end at their next request. */
  disabled: Generated<boolean>;
  /** Set with a temporary password: every staff call but the password change answers 403. */
  mustChangePassword: Generated<boolean>;
  lastSignInAt: Date | string | null;
  /** Base32 TOTP secret (RFC 6238); set at enrolment start, used once totpEnabled. */
  totpSecret: string | null;
  totpEnabled: Generated<boolean>;
  /** The last 30-second time step accepted: a code of that step or older is refused (replay). */
  totpLastStep: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Single-use two-factor recovery codes, stored as SHA-256 of a 50-bit random code (migration 0008). */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: Date | string | null;
  createdAt: CreatedAt;
}

/** Server sessions of @fastify/session (spec §3: sid, sess, expire). */
export interface SessionTable {
  sid: string;
  sess: ColumnType<Record<string, unknown>, string, string>;
  expire: Date | string;
}

/** Events of the calendar. */
export interface EventsTable {
  id: Generated<number>;
  title: string;
  description: string;
  location: string;
  startDate: Date | string;
  endDate: Date | string;
  type: Generated<string>;
  createdBy: Generated<number>;
  volunteerPositions: Generated<number>;
  /** Sign-ups of the event, kept by a trigger on volunteers (read-only to the app; may exceed positions after an edit). */
  volunteerCount: ColumnType<number, never, never>;
  sequence: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  imageId: number | null;
  imageAlt: string | null;
  /** The series an occurrence belongs to (migration 0006); null for single and detached events. */
  seriesId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The rule's instant of an occurrence, before holiday moves and edits; unique per series. */
  originalStart: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The category its attendance counts under in the service report (migration 0018). */
  serviceCategoryId: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whether the public calendar shows it (migration 0028); a funeral honors detail is unlisted unless chosen. */
  listed: Generated<boolean>;
  /** Report figures (migration 0025): whole dollars, who benefited, counts by key, the unit (null: the Post). */
  dollarsGiven: Generated<number>;
  dollarsCost: Generated<number>;
  inKindValue: Generated<number>;
  beneficiary: string | null;
  counts: ColumnType<Record<string, number>, string | undefined, string>;
  unit: string | null;
  /** Round-trip miles a check-out offers by default. */
  defaultMiles: ColumnType<string | null, number | string | null | undefined, number | string | null>;
}

/** A recurring series (migration 0006): the rule and the fields new occurrences copy. */
export interface EventSeriesTable {
  id: Generated<number>;
  rule: string;
  onHoliday: string;
  /** Wall-clock start of the first occurrence in `timeZone`, 'YYYY-MM-DDTHH:MM'. */
  dtstart: string;
  durationMinutes: number;
  timeZone: string;
  title: string;
  description: string;
  location: string;
  type: string;
  volunteerPositions: number;
  createdBy: number;
  materialisedUntil: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  endsBefore: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The picture occurrences copy (migration 0012). */
  imageId: ColumnType<number | null, number | null | undefined, number | null>;
  imageAlt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shifts occurrences copy (migration 0016), times as minutes from the occurrence's start. */
  shifts: ColumnType<SeriesShift[], string | undefined, string>;
  /** The service category occurrences copy (migration 0019). */
  serviceCategoryId: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** One shift of a series' template. */
export interface SeriesShift {
  role: string;
  offsetMinutes: number;
  durationMinutes: number;
  capacity: number;
  note: string | null;
}

/** Volunteer sign-ups; deleted with their event (each insert or delete moves events.volunteer_count). */
export interface VolunteersTable {
  id: Generated<number>;
  eventId: number;
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  /** The shift signed up for (migration 0016); null for an event without shifts. */
  shiftId: ColumnType<number | null, number | null | undefined, number | null>;
  /** Confirmed holds a place; waitlisted waits for one, in (createdAt, id) order. */
  status: ColumnType<SignUpStatus, SignUpStatus | undefined, SignUpStatus>;
  createdAt: CreatedAt;
}

/** Shifts of an event (migration 0016): a role, a time and a capacity; deleted with their event. */
export interface VolunteerShiftsTable {
  id: Generated<number>;
  eventId: number;
  role: string;
  startDate: RequiredTimestamp;
  endDate: RequiredTimestamp;
  capacity: number;
  note: string | null;
  /** Order in the event's list. */
  position: Generated<number>;
  /** Confirmed sign-ups of the shift, kept by the trigger on volunteers (read-only to the app). */
  volunteerCount: ColumnType<number, never, never>;
  createdAt: CreatedAt;
  /** A funeral honors detail's role key (migration 0028): only members qualified for it take the shift. */
  honorRole: ColumnType<string | null, string | null | undefined, string | null>;
}

/** News items. */
export interface NewsTable {
  id: Generated<number>;
  title: string;
  content: string;
  publishDate: Timestamp;
  publishedBy: Generated<number>;
  featured: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  imageId: number | null;
  imageAlt: string | null;
}

/** Public veteran resources. */
export interface ResourcesTable {
  id: Generated<number>;
  title: string;
  description: string;
  url: string;
  category: Generated<string>;
  order: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Commander messages; at most one active. */
export interface CommanderMessagesTable {
  id: Generated<number>;
  content: string;
  publishDate: Timestamp;
  publishedBy: Generated<number>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Community engagement highlights; at most one active. */
export interface CommunityEngagementsTable {
  id: Generated<number>;
  title: string;
  description: string;
  date: Timestamp;
  imageUrl: string | null;
  tags: ColumnType<string[], string[], string[]>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  imageId: number | null;
  imageAlt: string | null;
}

/** The member directory. */
export interface MembersTable {
  id: Generated<number>;
  membershipNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  membershipType: Generated<string>;
  branchOfService: Generated<string>;
  yearsOfService: Generated<number>;
  deployments: string | null;
  memberSince: Timestamp;
  /** The member's unit (migration 0025): 'post' or a Legion Family unit's key from the settings. */
  unit: Generated<string>;
  /** Membership year paid through (migration 0017); dues status is derived from it. */
  paidThrough: number | null;
  /** Anniversary dues (migration 0029): the day paid through, read only when its year is paidThrough's (decision 0098). */
  paidThroughOn: string | null;
  postRole: Generated<string>;
  isActive: Generated<boolean>;
  hasOnlineAccess: Generated<boolean>;
  loginPassword: string | null;
  /** Non-urgent notices by e-mail (migration 0011); urgent ones always go. */
  emailNotices: Generated<boolean>;
  /** Post Everlasting (migration 0017): date of death ('YYYY-MM-DD' as read), obituary, era, photo. */
  deceasedOn: string | null;
  obituary: string | null;
  serviceEra: string | null;
  imageId: number | null;
  imageAlt: string | null;
  /** Renewal reminders by e-mail, the member's own choice. */
  renewalReminders: Generated<boolean>;
  /** Issue 61 (migration 0026): continuous years of membership; the honor roll's publish step, offices, next of kin (private), report to National. */
  continuousYears: number | null;
  honorPublishedAt: Date | string | null;
  honorFamilyConsent: Generated<boolean>;
  honorCeremonyDate: string | null;
  honorOffices: string | null;
  nextOfKin: string | null;
  deathReportedOn: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** Honor-guard role keys the member is qualified for (migration 0028), from the list in Settings. */
  honorGuardRoles: ColumnType<string[], string[] | undefined, string[]>;
}

/** Recorded dues payments (migration 0017); amount is numeric, read as a string. */
export interface MemberPaymentsTable {
  id: Generated<number>;
  memberId: number;
  year: number;
  amount: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  method: string;
  paidOn: string;
  recordedBy: number | null;
  createdAt: CreatedAt;
}

/** The Renewals screen's "contacted" notes (migration 0017). */
export interface RenewalContactsTable {
  id: Generated<number>;
  memberId: number;
  note: string;
  contactedOn: string;
  recordedBy: number | null;
  createdAt: CreatedAt;
}

/** The national roster import's remembered column mappings (migration 0019), latest used first. */
export interface RosterMappingsTable {
  id: Generated<number>;
  numberColumn: string;
  paidThroughColumn: string;
  usedAt: Timestamp;
  usedBy: number | null;
}

/** Buddy Check campaigns (migration 0026). */
export interface BuddyCheckCampaignsTable {
  id: Generated<number>;
  name: string;
  includeFormer: Generated<boolean>;
  createdAt: CreatedAt;
  createdBy: number | null;
}

/** One Buddy Check call: who is called, by whom, and the outcome (migration 0026). */
export interface BuddyCheckCallsTable {
  id: Generated<number>;
  campaignId: number;
  memberId: number;
  callerId: number | null;
  outcome: string | null;
  note: string | null;
  calledOn: string | null;
  followedUpAt: Date | string | null;
  updatedAt: Timestamp;
}

/** Member sign-ins; the member's session cookie carries the token. */
export interface MemberSessionsTable {
  id: Generated<number>;
  memberId: number;
  sessionToken: string;
  expiresAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: CreatedAt;
}

/** Communications for members. */
export interface MemberCommunicationsTable {
  id: Generated<number>;
  title: string;
  content: string;
  type: string;
  authorId: number | null;
  priority: Generated<string>;
  targetAudience: Generated<string>;
  isPublished: Generated<boolean>;
  publishDate: Date | string | null;
  expiryDate: Date | string | null;
  attachmentUrl: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Resources for members (a link, or an uploaded file in member_resource_files). */
export interface MemberResourcesTable {
  id: Generated<number>;
  title: string;
  description: string;
  category: string;
  resourceType: string;
  resourceUrl: string | null;
  fileSize: string | null;
  accessLevel: Generated<string>;
  isActive: Generated<boolean>;
  downloadCount: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** An uploaded file of a member resource, kept apart so lists stay light. */
export interface MemberResourceFilesTable {
  resourceId: number;
  fileName: string;
  mimeType: string;
  size: number;
  data: Uint8Array;
  createdAt: CreatedAt;
}

/** The one site settings record (id 1). */
export interface SiteSettingsTable {
  id: number;
  data: ColumnType<Record<string, unknown>, string, string>;
  updatedAt: Timestamp;
}

/** Newsletter sign-ups. */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  createdAt: CreatedAt;
  /** Set when the address confirmed (migration 0011); null while the sign-up is pending. */
  confirmedAt: Date | string | null;
  unsubscribedAt: Date | string | null;
}

/** A newsletter issue an administrator sent (migration 0011). */
export interface NewsletterIssuesTable {
  id: Generated<number>;
  subject: string;
  content: string;
  sentBy: number | null;
  recipients: number;
  createdAt: CreatedAt;
}

/** One subscriber's copy of an issue: its outbox message and its unsubscribe token's hash. */
export interface NewsletterDeliveriesTable {
  issueId: number;
  subscriberId: number;
  outboxKey: string;
  tokenHash: string;
  unsubscribedAt: Date | string | null;
}

/** Fixed-window counters shared by every app node (sign-in throttling, public form limits). */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: Date | string;
}

/** E-mail waiting to be sent, sent, or given up on (migration 0005); one row per message. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** Unique: a message caused twice (retried request, second node) is stored and sent once. */
  idempotencyKey: string;
  kind: string;
  toAddress: string;
  /** Null until rendered when the row has a template (written when sent, decision 0045), except when stored at enqueue time. */
  subject: string | null;
  /** Null until the worker renders the row's template (decision 0045). */
  html: string | null;
  textBody: string | null;
  /** What renders the message when it is sent (features/mail/render-queued.ts); null for a row queued rendered. */
  template: string | null;
  /** The template's parameters (JSON-safe: dates as ISO strings). */
  params: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  attachments: ColumnType<MailAttachment[], string | undefined, string>;
  state: Generated<OutboxState>;
  attempts: Generated<number>;
  lastError: string | null;
  notBefore: ColumnType<Date, Date | string | undefined, Date | string>;
  lockedUntil: Date | string | null;
  sentAt: Date | string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** An attachment of an outbox message: the .ics of an event (text), or a picture the message shows (base64, with its cid). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
  /** The picture's Content-ID: the HTML shows it as `cid:...`, so a message loads nothing from elsewhere (decision 0019). */
  cid?: string;
}

/** Single-use links sent by e-mail; only the SHA-256 of the token is kept. */
export interface MailTokensTable {
  tokenHash: string;
  purpose: string;
  subjectId: number;
  expiresAt: Date | string;
  usedAt: Date | string | null;
  createdAt: CreatedAt;
}

/** Uploaded photos (processed files in imageVariants). */
export interface ImagesTable {
  id: Generated<number>;
  hash: string;
  width: number;
  height: number;
  widths: ColumnType<number[], number[], number[]>;
  original: Uint8Array | null;
  originalType: string | null;
  createdAt: CreatedAt;
}

/** One processed file of a photo: a width in a format. */
export interface ImageVariantsTable {
  imageId: number;
  width: number;
  format: 'avif' | 'webp' | 'jpeg';
  data: Uint8Array;
}

/** One recorded change (migration 0009); written by `recordAudit`, never updated. */
export interface AuditLogTable {
  /** bigserial, read as a number (client.ts parses int8). */
  id: Generated<number>;
  at: CreatedAt;
  actorUserId: number | null;
  actorName: string | null;
  ip: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: ColumnType<AuditChanges | null, string | null | undefined, never>;
}

/** Changed fields with their old and new values. */
export type AuditChanges = Record<string, { old: unknown; new: unknown }>;

/** A category of the service ledger, in the report's order (migration 0018, decision 0066). */
export interface ServiceCategoriesTable {
  id: Generated<number>;
  name: string;
  position: Generated<number>;
  /** False: kept out of the report's totals (the VFW's excluded kinds). */
  reportable: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** numeric columns arrive as strings from pg; written as numbers. */
type Numeric = ColumnType<string, number | string, number | string>;

/** One person's presence at an event: a sign-up's (one row at most) or a walk-in's (migration 0018). */
export interface AttendanceTable {
  id: Generated<number>;
  eventId: number;
  volunteerId: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  memberId: number | null;
  checkedInAt: Date | string | null;
  checkedOutAt: Date | string | null;
  /** An administrator's figure, with its reason; null means derived from the times or the event. */
  hours: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  hoursReason: string | null;
  /** The phone's id of an offline walk-in: sent twice, stored once. */
  clientId: string | null;
  /** A walk-in's shift, one of its event's (migration 0019); null for a sign-up (its own shift counts) or without shifts. */
  shiftId: ColumnType<number | null, number | null | undefined, number | null>;
  /** When an administrator confirmed hours from marks well past the shift's length (migration 0021). */
  hoursConfirmedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** A non-member's unit (migration 0025); null: a member's own, else a guest. */
  unit: string | null;
  /** Round-trip miles given at check-out. */
  miles: ColumnType<string, number | string | undefined, number | string>;
}

/** Service without an event (migration 0018); a member's own entry counts once approved. */
export interface ServiceEntriesTable {
  id: Generated<number>;
  memberId: number | null;
  name: string;
  /** A calendar day, 'YYYY-MM-DD' (client.ts reads date columns as text). */
  serviceDate: string;
  hours: Numeric;
  miles: ColumnType<string, number | string | undefined, number | string>;
  categoryId: number;
  note: string | null;
  imageId: number | null;
  /** The photo's alt text, required with it (migration 0019). */
  imageAlt: string | null;
  loggedByMember: Generated<boolean>;
  approvedAt: Date | string | null;
  approvedBy: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** Report figures (migration 0025); `unit` is a non-member's (a member's own counts). */
  dollarsGiven: Generated<number>;
  dollarsCost: Generated<number>;
  inKindValue: Generated<number>;
  beneficiary: string | null;
  counts: ColumnType<Record<string, number>, string | undefined, string>;
  unit: string | null;
}

/** An event's documentation (migration 0025): a photo or receipt with its description. */
export interface EventDocumentsTable {
  id: Generated<number>;
  eventId: number;
  imageId: number;
  description: string;
  createdAt: CreatedAt;
}

/** A report form's lines as data (migration 0025, decision 0085). */
export interface ReportFormsTable {
  key: string;
  name: string;
  yearStartMonth: number;
  excludedCategoryIds: ColumnType<unknown[], string | undefined, string>;
  capHours: number | null;
  lines: ColumnType<unknown[], string, string>;
  updatedAt: Timestamp;
}

/** A form's lines as they stood when marked as filed (migration 0025). */
export interface ReportFilingsTable {
  id: Generated<number>;
  formKey: string;
  year: number;
  period: Generated<string>;
  /** Calendar days, 'YYYY-MM-DD' as read. */
  dateFrom: string;
  dateTo: string;
  filedAt: CreatedAt;
  filedBy: number | null;
  formName: string;
  lines: ColumnType<unknown[], string, never>;
}

/** A request for funeral honors (migration 0028): the requester's details are staff-only. */
export interface HonorsRequestsTable {
  id: Generated<number>;
  state: Generated<string>;
  deceasedName: string;
  branch: string;
  serviceAt: RequiredTimestamp;
  location: string;
  requesterName: string;
  requesterPhone: string;
  requesterEmail: string | null;
  notes: string | null;
  eventId: number | null;
  /** What "done" recorded: whether honors were provided, their cost to the post, when. */
  provided: boolean | null;
  dollarsCost: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  doneAt: Date | string | null;
  /** The staff account that recorded a phoned-in request; null for the public form. */
  recordedBy: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** A row the demo seed created (migration 0022, decision 0082): removing the demo deletes these. */
export interface DemoRowsTable {
  tableName: string;
  rowId: number;
}

/** Every table, as Kysely sees it (camelCase through CamelCasePlugin). */
export interface Database {
  users: UsersTable;
  userRecoveryCodes: UserRecoveryCodesTable;
  session: SessionTable;
  events: EventsTable;
  eventSeries: EventSeriesTable;
  volunteers: VolunteersTable;
  volunteerShifts: VolunteerShiftsTable;
  news: NewsTable;
  resources: ResourcesTable;
  commanderMessages: CommanderMessagesTable;
  communityEngagements: CommunityEngagementsTable;
  members: MembersTable;
  memberPayments: MemberPaymentsTable;
  renewalContacts: RenewalContactsTable;
  rosterMappings: RosterMappingsTable;
  buddyCheckCampaigns: BuddyCheckCampaignsTable;
  buddyCheckCalls: BuddyCheckCallsTable;
  memberSessions: MemberSessionsTable;
  memberCommunications: MemberCommunicationsTable;
  memberResources: MemberResourcesTable;
  memberResourceFiles: MemberResourceFilesTable;
  siteSettings: SiteSettingsTable;
  newsletterSubscribers: NewsletterSubscribersTable;
  newsletterIssues: NewsletterIssuesTable;
  newsletterDeliveries: NewsletterDeliveriesTable;
  rateLimits: RateLimitsTable;
  images: ImagesTable;
  imageVariants: ImageVariantsTable;
  mailOutbox: MailOutboxTable;
  mailTokens: MailTokensTable;
  auditLog: AuditLogTable;
  serviceCategories: ServiceCategoriesTable;
  attendance: AttendanceTable;
  serviceEntries: ServiceEntriesTable;
  honorsRequests: HonorsRequestsTable;
  eventDocuments: EventDocumentsTable;
  reportForms: ReportFormsTable;
  reportFilings: ReportFilingsTable;
  demoRows: DemoRowsTable;
}

export type EventRow = Selectable<EventsTable>;
export type EventSeriesRow = Selectable<EventSeriesTable>;
export type NewEventRow = Insertable<EventsTable>;
export type EventUpdate = Updateable<EventsTable>;
export type MemberRow = Selectable<MembersTable>;
export type VolunteerRow = Selectable<VolunteersTable>;
export type VolunteerShiftRow = Selectable<VolunteerShiftsTable>;
