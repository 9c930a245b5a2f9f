import { z } from 'zod';

/** The report files' own settings (report.html, mutation.json, mutation.html). */
export const reportsSchema = z.strictObject({
  /** The condition whose verdicts make a mutant Killed or Survived in mutation.json. */
  primaryCondition: z.string().min(1).default('clean'),
  /** Also write mutation.<condition>.json and .html for every condition. */
  mutationReportPerCondition: z.boolean().default(false),
});

export type ReportSettings = z.infer<typeof reportsSchema>;
