import * as z from 'zod';

/**
 * Protection reports (`GET /api/user/{id}/report`, `GET /api/admin/report`): a period of whole UTC days and
 * a format. Without dates the report covers the last 30 days up to today.
 */

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export const MAX_REPORT_DAYS = 366;
export const DEFAULT_REPORT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = (name: string) =>
  z
    .string()
    .regex(DAY, `${name} must be a date such as 2026-03-01.`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${name} is not a real date.`);

const daysBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export const reportQuerySchema = z
  .object({
    from: dateSchema('from').optional(),
    to: dateSchema('to').optional(),
    format: z.enum(REPORT_FORMATS, { error: "format must be 'pdf' or 'csv'." }).default('pdf'),
  })
  .transform((q, ctx) => {
    const to = q.to ?? new Date().toISOString().slice(0, 10);
    const from = q.from ?? daysBefore(to, DEFAULT_REPORT_DAYS - 1);
    if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to.' });
    else if (Date.parse(to) - Date.parse(from) > (MAX_REPORT_DAYS - 1) * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `A report covers at most ${MAX_REPORT_DAYS} days.` });
    }
    return { from, to, format: q.format };
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** `POST /api/admin/report/send` reply: the platform report went to these administrators. */
export const reportSentSchema = z.object({ recipients: z.array(z.string()), period: z.object({ from: z.string(), to: z.string() }) });
export type ReportSent = z.infer<typeof reportSentSchema>;

/**
 * The monthly platform report's schedule (`GET`/`PUT /api/admin/report/schedule`): whether the job on the 1st of
 * each month e-mails the previous month's report, when it next does (06:00 UTC on the 1st; null when off), and to
 * whom. Off until an administrator schedules it.
 */
export const reportScheduleSchema = z.object({
  enabled: z.boolean(),
  nextSendAt: z.string().nullable(),
  recipients: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleBodySchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false.' }) }, { error: 'The body must be {"enabled": true | false}.' });
