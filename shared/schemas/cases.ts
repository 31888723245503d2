import * as z from 'zod';
import { DEFAULT_AUTO_SUBMIT_THRESHOLD, SUBMISSION_PLATFORMS } from '../plans';

/**
 * DMCA cases, the DMCA form, automated and bulk submission (PRODUCT.md sections 3, 5, 7 and 9). The web form and
 * the API parse these same schemas, with the messages of PRODUCT.md section 5.
 */

export const DMCA_MESSAGES = {
  fullName: 'Full name is required',
  email: 'Valid email is required',
  address: 'Address is required',
  infringingUrl: 'At least one URL is required',
  originalUrl: 'Valid URL is required',
  description: 'Description is required',
  searchEngine: 'Search engine is required',
  legalDeclaration: 'Legal declaration must be accepted',
  rightsOwnerName: 'Name the studio or agency that owns the rights',
  rightsAuthorized: 'Confirm that you are authorized to act for the rights owner',
  contentConfirmed: 'Confirm that you have checked this page shows your content',
  noViolations: 'Please select violations to submit automated DMCA requests.',
} as const;

/** Where a case's notice is filed (the form's select; `other` covers hosts and other engines). */
export const DMCA_SEARCH_ENGINES = ['google', 'bing', 'duckduckgo', 'other'] as const;
export const dmcaSearchEngineSchema = z.enum(DMCA_SEARCH_ENGINES, { error: DMCA_MESSAGES.searchEngine });
export type DmcaSearchEngine = z.infer<typeof dmcaSearchEngineSchema>;

/** Most infringing URLs one case (one notice) may list. */
export const MAX_CASE_URLS = 50;
export const MAX_URL_LENGTH = 2048;

/** True for an absolute http or https URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/**
 * The URLs of a newline-joined `infringingUrl` (the form joins selected URLs with newlines; a search
 * result's `url` may be a comma-separated list): trimmed, empty lines dropped, duplicates removed, order kept.
 */
export function splitInfringingUrls(text: string): string[] {
  return [...new Set(text.split(/[\r\n]+/).map((s) => s.trim()).filter(Boolean))];
}

/** A search result's `url` as a list: comma- or newline-separated, duplicates removed (PRODUCT.md section 2). */
export function splitResultUrls(url: string): string[] {
  return [...new Set(url.split(/[,\r\n]+/).map((s) => s.trim()).filter(Boolean))];
}

/** `infringingUrl`: one or more http(s) URLs, newline-joined; normalised to one URL a line without duplicates. */
export const infringingUrlSchema = z
  .string({ error: DMCA_MESSAGES.infringingUrl })
  .transform((text, ctx) => {
    const urls = splitInfringingUrls(text);
    if (urls.length === 0) {
      ctx.addIssue({ code: 'custom', message: DMCA_MESSAGES.infringingUrl });
      return z.NEVER;
    }
    if (urls.length > MAX_CASE_URLS) {
      ctx.addIssue({ code: 'custom', message: `A case may list at most ${MAX_CASE_URLS} URLs.` });
      return z.NEVER;
    }
    urls.forEach((u, i) => {
      if (u.length > MAX_URL_LENGTH || !isHttpUrl(u)) {
        ctx.addIssue({ code: 'custom', message: `Line ${i + 1} is not a valid http(s) URL: ${u.slice(0, 100)}` });
      }
    });
    return urls.join('\n');
  });

export const originalUrlSchema = z
  .string({ error: DMCA_MESSAGES.originalUrl })
  .trim()
  .refine((u) => u.length <= MAX_URL_LENGTH && isHttpUrl(u), DMCA_MESSAGES.originalUrl);

/** Most characters of the creator's own note in a notice's description (issue 23): longer is refused, never cut. */
export const MAX_NOTE_LENGTH = 500;
export const NOTE_TOO_LONG = `Your note is longer than ${MAX_NOTE_LENGTH} characters. Shorten it: nothing is cut for you.`;

/** A link, a bare domain (`evil.example/login`) or an e-mail address in free text. */
const LINKISH = /\b(?:(?:https?|ftp):\/\/|www\.)\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}\b(?:\/\S*)?/gi;

/** The creator's note with its links removed (issue 23): a notice names only URLs Vigil found and matched. */
export function stripLinks(note: string): string {
  return note.replace(LINKISH, '[link removed]').replace(/[ \t]+/g, ' ').trim();
}

/** The note of `POST /api/dmca` (and the form): at most 500 characters as typed, refused when longer. */
export const noteSchema = z
  .string({ error: 'The note must be text.' })
  .trim()
  .max(MAX_NOTE_LENGTH, NOTE_TOO_LONG);

/**
 * Who owns the rights in the work (issue 10): the creator, or a studio/agency (`agent`) that authorized the
 * creator to act for it. For `agent` the owner's name and the creator's authorization are required; the
 * notice then says it is sent on behalf of that owner. Omitted means `creator` (the behaviour before).
 */
export const RIGHTS_OWNERS = ['creator', 'agent'] as const;
export const rightsOwnerSchema = z.enum(RIGHTS_OWNERS, { error: 'rightsOwner must be creator or agent.' });
export type RightsOwner = z.infer<typeof rightsOwnerSchema>;
export const MAX_RIGHTS_OWNER_NAME = 200;

export const rightsFields = {
  rightsOwner: rightsOwnerSchema.default('creator'),
  rightsOwnerName: z
    .string({ error: DMCA_MESSAGES.rightsOwnerName })
    .trim()
    .max(MAX_RIGHTS_OWNER_NAME, `The rights owner's name must be at most ${MAX_RIGHTS_OWNER_NAME} characters.`)
    .optional(),
  rightsAuthorized: z.boolean({ error: DMCA_MESSAGES.rightsAuthorized }).optional(),
  /** "I have checked this page shows my content": required before automated submission of a name-only match. */
  contentConfirmed: z.boolean({ error: DMCA_MESSAGES.contentConfirmed }).optional(),
};

/** The one rights rule for the API and the form: a work the creator does not own needs its owner and the authorization. */
export function checkRights(
  v: { rightsOwner: RightsOwner; rightsOwnerName?: string | undefined; rightsAuthorized?: boolean | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.rightsOwner !== 'agent') return;
  if (!v.rightsOwnerName) ctx.addIssue({ code: 'custom', path: ['rightsOwnerName'], message: DMCA_MESSAGES.rightsOwnerName });
  if (v.rightsAuthorized !== true) ctx.addIssue({ code: 'custom', path: ['rightsAuthorized'], message: DMCA_MESSAGES.rightsAuthorized });
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;
const idSchema = (what: string) =>
  z
    .string({ error: `${what} id is required.` })
    .regex(ULID, `${what} id is not valid.`)
    .transform((s) => s.toUpperCase());

/**
 * `POST /api/dmca` body. `userId` is accepted because the site sends it; when present it must be
 * the caller (or `me`). The case is always the caller's: the result must be theirs.
 */
export const caseCreateSchema = z.object({
  userId: z.string().optional(),
  searchResultId: idSchema('Search result'),
  infringingUrl: infringingUrlSchema,
  /** Optional (issue 23): when given it must be on one of the creator's own sites (My sites). */
  originalUrl: z.union([z.literal('').transform(() => undefined), originalUrlSchema]).optional(),
  /**
   * The creator's note (issue 23): at most 500 characters, links removed. The notice's description is composed
   * from a template around it. `description` is the field's older name and is read as the note.
   */
  note: noteSchema.optional(),
  description: noteSchema.optional(),
  searchEngine: dmcaSearchEngineSchema,
  /** True: check everything and answer the composed description (the form's preview), writing nothing. */
  preview: z.boolean({ error: 'preview must be true or false.' }).optional(),
  ...rightsFields,
}).superRefine(checkRights);
export type CaseCreateInput = z.input<typeof caseCreateSchema>;
export type CaseCreate = z.infer<typeof caseCreateSchema>;

/** `POST /api/dmca/{id}/confirm-content` body: the creator's "I have checked this page shows my content". */
export const contentConfirmSchema = z.object({
  confirmed: z.literal(true, { error: DMCA_MESSAGES.contentConfirmed }),
});

/** `POST /api/dmca` response (201). */
export const caseCreatedSchema = z.object({ id: z.string(), caseNumber: z.string() });
/** `POST /api/dmca` with `preview: true` (200): the notice's description as it would go out, and its URLs. */
export const casePreviewSchema = z.object({ preview: z.literal(true), description: z.string(), infringingUrls: z.array(z.string()) });
export type CasePreview = z.infer<typeof casePreviewSchema>;
export type CaseCreated = z.infer<typeof caseCreatedSchema>;

/** The DMCA page's form (PRODUCT.md section 5). The creator fields are shown read-only and never sent to a host. */
export const dmcaFormSchema = z.object({
  fullName: z.string({ error: DMCA_MESSAGES.fullName }).trim().min(1, DMCA_MESSAGES.fullName),
  email: z.string({ error: DMCA_MESSAGES.email }).trim().pipe(z.email({ error: DMCA_MESSAGES.email })),
  phone: z.string().trim().optional(),
  address: z.string({ error: DMCA_MESSAGES.address }).trim().min(1, DMCA_MESSAGES.address),
  infringingUrl: infringingUrlSchema,
  /** Optional (issue 23): the server accepts it only on one of the creator's own sites (My sites). */
  originalUrl: z.union([z.literal('').transform(() => undefined), originalUrlSchema]).optional(),
  /** The creator's note, at most 500 characters; the description around it is composed by the server (issue 23). */
  note: noteSchema.optional(),
  searchEngine: dmcaSearchEngineSchema,
  legalDeclaration: z.literal(true, { error: DMCA_MESSAGES.legalDeclaration }),
  ...rightsFields,
}).superRefine(checkRights);
export type DmcaFormInput = z.input<typeof dmcaFormSchema>;
export type DmcaFormValues = z.infer<typeof dmcaFormSchema>;

/** `reappeared`: a resolved copy came back (a monitor's re-check, issue 11); it may be submitted again. */
export const CASE_STATUSES = ['pending', 'sent', 'resolved', 'reappeared'] as const;
export const caseStatusSchema = z.enum(CASE_STATUSES);
export type CaseStatus = z.infer<typeof caseStatusSchema>;

/**
 * Where the automated submission of a case stands. `queued` to `awaiting-recheck` are in progress (a second
 * click does not start another run); `resolved`, `escalated`, `no-contact` and `failed` are final for the
 * attempt (the last three allow a new attempt).
 */
export const SUBMISSION_STATES = [
  'queued',
  'finding-contact',
  'sending',
  'awaiting-recheck',
  'rechecking',
  /** Issue 23: moving to the next rung of the ladder (finding its contact). */
  'climbing',
  /** Issue 23: delisting requests are with the agent; the engines are checked on each wait. */
  'delisting',
  'resolved',
  'escalated',
  'no-contact',
  'failed',
  /** Issue 23's final outcomes other than removal. */
  'delisted',
  'counter-noticed',
  'stopped',
] as const;
export const submissionStateSchema = z.enum(SUBMISSION_STATES);
export type SubmissionState = z.infer<typeof submissionStateSchema>;
export const ACTIVE_SUBMISSION_STATES: readonly SubmissionState[] = ['queued', 'finding-contact', 'sending', 'awaiting-recheck', 'rechecking', 'climbing', 'delisting'];

/** A case flagged for a person to follow up (no contact found, or the copy still online after the wait). */
export const escalationSchema = z.object({
  flagged: z.boolean(),
  reason: z.string(),
  checkedAt: z.string(),
});
export type Escalation = z.infer<typeof escalationSchema>;

/** The latest automated submission of a case, as the cases page may show it. */
export const caseSubmissionSchema = z.object({
  attempt: z.number().int().positive(),
  state: submissionStateSchema,
  startedAt: z.string(),
  updatedAt: z.string(),
  /** The abuse or DMCA address the notice went to. */
  recipient: z.string().optional(),
  /** How the address was found: `known-agent`, `rdap-ip` or `rdap-domain`. */
  contactSource: z.string().optional(),
  messageId: z.string().optional(),
  /**
   * Issue 23: the bulk submission that claimed this attempt; its host notice goes out in one message per recipient
   * of that batch (the message id above is then shared by every case the message named).
   */
  batchId: z.string().optional(),
  /** How many cases the message that carried the host notice named (more than 1: a grouped message). */
  messageCases: z.number().int().positive().optional(),
  /** When the copies will be checked again. */
  recheckAt: z.string().optional(),
  /** What went wrong, in words a person can act on. */
  error: z.string().optional(),
});
export type CaseSubmission = z.infer<typeof caseSubmissionSchema>;

/**
 * The escalation ladder (issue 23): where a notice goes when the copy is still online at the re-check. Each
 * step has its own notice (or agent task), wait and re-check; removal at any step ends the climb.
 */
export const LADDER_STEPS = ['host', 'network', 'cdn', 'registrar', 'delisting'] as const;
export const ladderStepSchema = z.enum(LADDER_STEPS);
export type LadderStep = z.infer<typeof ladderStepSchema>;
export const LADDER_STEP_LABELS: Record<LadderStep, string> = {
  host: "The host's abuse contact or DMCA agent",
  network: 'The network hosting its IP address',
  cdn: 'The CDN or proxy in front of the site',
  registrar: "The domain's registrar",
  delisting: 'Search-engine delisting',
};

/** One rung reached: a notice sent, an agent task opened (then filed by the agent), delisting queued, or the rung skipped (with why). */
export const ladderEntrySchema = z.object({
  step: ladderStepSchema,
  action: z.enum(['sent', 'agent-task', 'agent-filed', 'delisting-queued', 'skipped']),
  at: z.string(),
  recipient: z.string().optional(),
  /** Who is behind the recipient (network owner, CDN, registrar). */
  entityName: z.string().optional(),
  /** Why the step was skipped, or the agent task's form. */
  detail: z.string().optional(),
  /** When this step's re-check runs. */
  recheckAt: z.string().optional(),
  /** `agent-filed`: the reference number the web form's owner gave the agent's filing. */
  reference: z.string().optional(),
});
export type LadderEntry = z.infer<typeof ladderEntrySchema>;

/** The ladder of a case: the step it is on, when the next thing happens, and every step so far (the timeline). */
export const caseLadderSchema = z.object({
  step: ladderStepSchema,
  /** When the current step's re-check (or the next delisting check) runs. */
  nextRunAt: z.string().optional(),
  entries: z.array(ladderEntrySchema),
});
export type CaseLadder = z.infer<typeof caseLadderSchema>;

/** How a case ended (issue 23): one named outcome. */
export const CASE_OUTCOMES = ['removed', 'delisted', 'counter-noticed', 'stopped'] as const;
export const caseOutcomeKindSchema = z.enum(CASE_OUTCOMES);
export type CaseOutcomeKind = z.infer<typeof caseOutcomeKindSchema>;
export const CASE_OUTCOME_LABELS: Record<CaseOutcomeKind, string> = {
  removed: 'Removed at the source',
  delisted: 'Delisted only',
  'counter-noticed': 'Counter-noticed',
  stopped: 'Stopped',
};
export const caseOutcomeSchema = z.object({
  kind: caseOutcomeKindSchema,
  at: z.string(),
  /** The ladder step the case was on when it ended. */
  step: ladderStepSchema.optional(),
  /** Why (for `stopped`), or what happened. */
  reason: z.string().optional(),
});
export type CaseOutcome = z.infer<typeof caseOutcomeSchema>;

/** A counter-notice under 17 U.S.C. 512(g), recorded by the agent. */
export const counterNoticeSchema = z.object({
  /** Who sent the counter-notice (the uploader, or whoever acts for them). */
  by: z.string(),
  /** When the host forwarded it (ISO date or time). */
  receivedAt: z.string(),
  statement: z.string(),
  recordedAt: z.string(),
  /** The 512(g) restoration window: no earlier than 10, no later than 14 U.S. federal business days after receipt. */
  restoreFrom: z.string(),
  restoreBy: z.string(),
});
export type CounterNotice = z.infer<typeof counterNoticeSchema>;

export const MAX_COUNTER_NOTICE_STATEMENT = 5000;
/** `POST /api/agent/cases/{id}/counter-notice` body. */
export const counterNoticeBodySchema = z.object({
  by: z.string({ error: 'Name who sent the counter-notice.' }).trim().min(1, 'Name who sent the counter-notice.').max(200, 'The name must be at most 200 characters.'),
  receivedAt: z
    .string({ error: 'receivedAt must be a date (YYYY-MM-DD).' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'receivedAt must be a date (YYYY-MM-DD).')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'receivedAt must be a real date.'),
  statement: z
    .string({ error: 'The statement is required.' })
    .trim()
    .min(1, 'The statement is required.')
    .max(MAX_COUNTER_NOTICE_STATEMENT, `The statement must be at most ${MAX_COUNTER_NOTICE_STATEMENT} characters.`),
});

/** A status change with its time. */
export const statusChangeSchema = z.object({ status: caseStatusSchema, at: z.string() });

/** A DMCA case as the API returns it (`GET /api/user/{id}/dmca`, `GET /api/dmca/{id}`). */
export const caseSchema = z.object({
  id: z.string(),
  /** Readable and unique, e.g. `VGL-2026-000123`. */
  caseNumber: z.string(),
  status: caseStatusSchema,
  /** One URL a line. */
  infringingUrl: z.string(),
  originalUrl: z.string(),
  searchEngine: dmcaSearchEngineSchema,
  description: z.string(),
  createdAt: z.string(),
  sentAt: z.string().optional(),
  resolvedAt: z.string().optional(),
  /** When a monitor found the resolved copy back online. */
  reappearedAt: z.string().optional(),
  escalation: escalationSchema.optional(),
  searchResultId: z.string(),
  /** The site of the infringing URL (the simulated site's domain for sandbox URLs). */
  host: z.string(),
  /** Platforms chosen in a bulk submission, when the case came from one. */
  platforms: z.array(z.string()).optional(),
  submission: caseSubmissionSchema.optional(),
  statusHistory: z.array(statusChangeSchema),
  /** Who owns the rights; absent on cases from before issue 10 (the creator). */
  rights: z.object({ owner: rightsOwnerSchema, ownerName: z.string().optional(), authorizedAt: z.string().optional() }).optional(),
  /** When the creator confirmed that the page shows their content (a name-only match needs it before automated submission). */
  contentConfirmedAt: z.string().optional(),
  /** The escalation ladder (issue 23), once the first notice went out. */
  ladder: caseLadderSchema.optional(),
  outcome: caseOutcomeSchema.optional(),
  counterNotice: counterNoticeSchema.optional(),
});
export type DmcaCase = z.infer<typeof caseSchema>;
export const caseListSchema = z.array(caseSchema);

/** `POST /api/dmca/{id}/submit-automated` response (PRODUCT.md section 3: success flag and error text). */
export const automatedSubmissionResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  /** The attempt the answer is about; a repeated click answers with the attempt already running. */
  attempt: z.number().int().positive().optional(),
  state: submissionStateSchema.optional(),
});
export type AutomatedSubmissionResponse = z.infer<typeof automatedSubmissionResponseSchema>;

export const submissionPlatformSchema = z.enum(SUBMISSION_PLATFORMS, {
  error: `Platforms must be among ${SUBMISSION_PLATFORMS.join(', ')}.`,
});

/** Most ids one bulk request may carry (Enterprise is unlimited by plan; this bounds one request). */
export const MAX_BULK_IDS = 1000;

/**
 * `POST /api/dmca/bulk-submit` body. `originalUrl` and `description` are optional additions: they fill the
 * cases the submission creates (otherwise the original URL of the caller's latest case is used).
 */
export const bulkSubmitSchema = z.object({
  searchResultIds: z
    .array(idSchema('Search result'), { error: DMCA_MESSAGES.noViolations })
    .min(1, DMCA_MESSAGES.noViolations)
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} violations can be submitted at once.`)
    .transform((ids) => [...new Set(ids)]),
  platforms: z
    .array(submissionPlatformSchema, { error: 'Platforms must be a list.' })
    .min(1, 'Please select at least one platform.')
    .default(['google'])
    .transform((p) => [...new Set(p)]),
  autoSubmitThreshold: z
    .number({ error: 'autoSubmitThreshold must be a number.' })
    .min(0, 'autoSubmitThreshold must be between 0 and 1.')
    .max(1, 'autoSubmitThreshold must be between 0 and 1.')
    // The eligibility minimum: what the site offers for bulk submission is what the server sends (issue 10).
    .default(DEFAULT_AUTO_SUBMIT_THRESHOLD),
  originalUrl: originalUrlSchema.optional(),
  // The creator's note for the cases the submission creates (issue 23: at most 500 characters, links removed).
  description: noteSchema.optional(),
});
export type BulkSubmitInput = z.input<typeof bulkSubmitSchema>;
export type BulkSubmit = z.infer<typeof bulkSubmitSchema>;

/**
 * One selected violation of a bulk submission: `accepted` (also `submitted`, the original name; PRODUCT.md section 10) when its notice is
 * queued in the bulk workflow, with the case it goes into (`caseId`; `caseNumber` once that case exists), else
 * the reason it was left out.
 */
export const bulkItemSchema = z.object({
  searchResultId: z.string(),
  submitted: z.boolean(),
  accepted: z.boolean(),
  caseId: z.string().optional(),
  caseNumber: z.string().optional(),
  reason: z.string().optional(),
});

/**
 * `POST /api/dmca/bulk-submit` response, given at once: the accepted violations are sent by the bulk workflow
 * (`executionId`, null when none was accepted) and their cases show the progress. `successfulSubmissions` counts
 * the accepted ones (PRODUCT.md section 10).
 */
export const bulkSubmitResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  processedViolations: z.number().int().nonnegative(),
  successfulSubmissions: z.number().int().nonnegative(),
  executionId: z.string().nullable(),
  items: z.array(bulkItemSchema),
});
export type BulkSubmitResponse = z.infer<typeof bulkSubmitResponseSchema>;

/** `GET /api/submission-info/{searchEngine}` query: a case of the caller fills the work fields. */
export const submissionInfoQuerySchema = z.object({ caseId: idSchema('Case').optional() });

/** `GET /api/submission-info/{searchEngine}` response: the portal and the copy-paste assistant's fields. */
export const submissionInfoSchema = z.object({
  searchEngine: dmcaSearchEngineSchema,
  name: z.string(),
  submissionUrl: z.string(),
  instructions: z.array(z.string()),
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
});
export type SubmissionInfoDto = z.infer<typeof submissionInfoSchema>;

/** `GET /api/dmca/export/google?caseIds=ID,ID`: without ids, every case of the caller (newest 500). */
export const googleExportQuerySchema = z.object({
  caseIds: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === '') return undefined;
      const ids = [...new Set(s.split(',').map((x) => x.trim().toUpperCase()).filter(Boolean))];
      if (ids.length > 500 || ids.some((id) => !ULID.test(id))) {
        ctx.addIssue({ code: 'custom', message: 'caseIds must be up to 500 case ids separated by commas.' });
        return z.NEVER;
      }
      return ids;
    }),
});

/** `POST /api/dmca/export/google` body: the same export for a list too long for a URL. */
export const googleExportBodySchema = z.object({
  caseIds: z
    .array(idSchema('Case'), { error: 'caseIds must be a list of case ids.' })
    .min(1, 'Select at least one case to export.')
    .max(500, 'At most 500 cases can be exported at once.'),
});
