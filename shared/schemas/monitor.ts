import * as z from 'zod';
import { CADENCES } from '../cadence';
import { originalUrlSchema } from './cases';
import { skippedReferencesSchema, videoReferencesSchema } from './search';
import { SOURCE_KINDS, sourceListSchema } from './sources';

/** Monitors (issue 11): a saved, scheduled scan; a plan allows its own fastest cadence and every slower one. */
export { CADENCE_LABELS, CADENCE_SECONDS, type Cadence } from '../cadence';
export const cadenceSchema = z.enum(CADENCES, { error: `Cadence must be one of ${CADENCES.join(', ')}.` });

/** When alert e-mails go out: after each run with new high-priority results, once a day, or never. */
export const ALERT_MODES = ['instant', 'daily', 'off'] as const;
export const alertModeSchema = z.enum(ALERT_MODES, { error: "Alerts must be 'instant', 'daily' or 'off'." });
export type AlertMode = z.infer<typeof alertModeSchema>;

export const ALERT_MODE_LABELS: Readonly<Record<AlertMode, string>> = {
  instant: 'Instant (after each run)',
  daily: 'Daily digest',
  off: 'Off',
};

/** Where a scan came from: every scan is started through the one start-scan service with one of these. */
export const SCAN_ORIGINS = ['manual', 'monitor-run-now', 'monitor-scheduled'] as const;
export type ScanOrigin = (typeof SCAN_ORIGINS)[number];

/** Why "Submit automatically" needs an original URL: every notice cites where the creator published the work. */
export const AUTO_SUBMIT_NEEDS_ORIGINAL_URL = 'Enter the original URL (where you publish this content) to submit automatically.';

/** The extra multipart fields of `POST /api/monitors` (the rest are `POST /api/search`'s). */
export const monitorExtraFieldsSchema = z
  .object({
    cadence: cadenceSchema,
    alerts: alertModeSchema.default('instant'),
    name: z.string().trim().max(100, 'The monitor name may be at most 100 characters.').optional(),
    /** "Submit automatically" (paid plans; off by default): a multipart field, so the strings true/false. */
    autoSubmit: z
      .enum(['true', 'false'], { error: "autoSubmit must be 'true' or 'false'." })
      .default('false')
      .transform((v) => v === 'true'),
    /** Where the creator publishes the watched content: the original URL the automatic notices cite. */
    originalUrl: z.preprocess((v) => (v === '' ? undefined : v), originalUrlSchema.optional()),
  })
  .refine((v) => !v.autoSubmit || !!v.originalUrl, { message: AUTO_SUBMIT_NEEDS_ORIGINAL_URL, path: ['originalUrl'] });

/** `PUT /api/monitors/{id}`: any of these; at least one. */
export const monitorUpdateSchema = z
  .object({
    paused: z.boolean().optional(),
    cadence: cadenceSchema.optional(),
    alerts: alertModeSchema.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    autoSubmit: z.boolean({ error: 'autoSubmit must be true or false.' }).optional(),
    /** null clears it (refused while "Submit automatically" is on). */
    originalUrl: originalUrlSchema.nullable().optional(),
    /** Issue 25: replaces the sources its runs read (Telegram channels, subreddits, leak sites); [] for none. */
    sources: sourceListSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one of paused, cadence, alerts, name, autoSubmit, originalUrl, sources.');
export type MonitorUpdate = z.infer<typeof monitorUpdateSchema>;

export const monitorRunSchema = z.object({
  searchId: z.string(),
  startedAt: z.string(),
  status: z.string(),
  /** Results first found by this run (null while it runs). */
  newCount: z.number().int().nonnegative().nullable(),
});
export type MonitorRun = z.infer<typeof monitorRunSchema>;

/** What the last run submitted automatically: the cases sent, and how many new copies still wait for review and why. */
export const autoSubmitOutcomeSchema = z.object({
  searchId: z.string(),
  at: z.string(),
  /** The cases the copies went into (`caseNumber` once the bulk workflow has created the case). */
  sent: z.array(z.object({ resultId: z.string(), url: z.string(), caseId: z.string(), caseNumber: z.string().optional() })),
  /** New copies that qualified but were left for review (the allowance ran out, or the submission could not start). */
  waiting: z.number().int().nonnegative(),
  /** Why some qualifying copies wait (null when every one was sent). */
  reason: z.string().nullable(),
  /** Copies of the run whose URL already had a case (one case per copy, issue 23): nothing new was filed for them. */
  alreadyFiled: z.array(z.object({ resultId: z.string(), url: z.string(), caseId: z.string(), caseNumber: z.string() })).optional(),
});
export type AutoSubmitOutcome = z.infer<typeof autoSubmitOutcomeSchema>;

export const monitorSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  names: z.array(z.string()),
  searchEngines: z.array(z.string()),
  contentType: z.string(),
  references: z.array(z.object({ id: z.string(), filename: z.string(), mediaType: z.string() })),
  /** Its reference files that its runs cannot fingerprint, once its first run has looked; absent when none. */
  skippedReferences: skippedReferencesSchema.optional(),
  /** Its reference videos its runs fingerprint, with their frames hashed, once its first run has looked. */
  videoReferences: videoReferencesSchema.optional(),
  cadence: cadenceSchema,
  alerts: alertModeSchema,
  paused: z.boolean(),
  /** Why Vigil paused it (a downgrade left more monitors than the plan's count; the newest ones pause); null otherwise. */
  pausedReason: z.string().nullable(),
  createdAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastSearchId: z.string().nullable(),
  /** Null while paused. */
  nextRunAt: z.string().nullable(),
  runCount: z.number().int().nonnegative(),
  /** Results first found by the last finished run. */
  lastNewCount: z.number().int().nonnegative(),
  /** Results first found across all runs. */
  totalNewCount: z.number().int().nonnegative(),
  /** "Submit automatically" as the creator set it (off by default). */
  autoSubmit: z.boolean(),
  /** The original URL the automatic notices cite. */
  originalUrl: z.string().nullable(),
  /** Set when autoSubmit is on but does not act, saying why (the plan does not include it, after a downgrade). */
  autoSubmitInactive: z.string().nullable(),
  /** The newest run's automatic submissions (null before any). */
  lastAutoSubmit: autoSubmitOutcomeSchema.nullable(),
  /**
   * When the last scheduled occurrence was due (its schedule's time); with `lastRunAt`, the real start, the page
   * shows how late the run started. Null before the first scheduled run.
   */
  lastDueAt: z.string().nullable().default(null),
  /** The last scheduled occurrence that did not run, and why (the scan budget was spent, ...). */
  lastSkip: z.object({ at: z.string(), dueAt: z.string(), reason: z.string() }).nullable().default(null),
  /** Issue 25: sources its runs read directly, next to the engines. */
  sources: z.array(z.object({ kind: z.enum(SOURCE_KINDS), target: z.string() })).default([]),
  /** Telegram channels seen in `t.me/` links of its runs' results, not watched yet: offered to add. */
  discoveredChannels: z.array(z.string()).default([]),
});
export type Monitor = z.infer<typeof monitorSchema>;
export const monitorListSchema = z.array(monitorSchema);
export const monitorDetailSchema = monitorSchema.extend({ runs: z.array(monitorRunSchema) });
export type MonitorDetail = z.infer<typeof monitorDetailSchema>;

export const monitorRunStartedSchema = z.object({ searchId: z.string(), monitorId: z.string() });

/** An in-app alert (the bell): new high-priority results of a run, or a copy that came back. */
export const ALERT_KINDS = ['new-results', 'reappeared'] as const;
export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  monitorId: z.string(),
  monitorName: z.string(),
  searchId: z.string(),
  title: z.string(),
  items: z.array(
    z.object({
      url: z.string(),
      confidence: z.number(),
      resultId: z.string().optional(),
      caseId: z.string().optional(),
      /** Sent automatically ("Submit automatically"): its case was created and submitted without a review. */
      autoSubmitted: z.boolean().optional(),
      caseNumber: z.string().optional(),
      /** Issue 23: `sent` automatically, `waiting` for review, or `has-case` (the URL already had a case; nothing new filed). */
      state: z.enum(['sent', 'waiting', 'has-case']).optional(),
    }),
  ),
  /** A line under the title: what was sent automatically and what waits for review, and why. */
  summary: z.string().optional(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.object({ unread: z.number().int().nonnegative(), alerts: z.array(alertSchema) });
export const alertsReadBodySchema = z.object({ ids: z.array(z.string().min(1).max(64)).max(100).optional() }).strict();

/** `?token=` of the unsubscribe link (a digest's names up to 50 monitors: about 1,400 characters). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1, 'token is required').max(2000) });
