import { z } from 'zod';

/** The report files' own settings (report.html, mutation.json, mutation.html). */
export const reportsSchema = z.strictObject({
  primaryCondition: z.string().min(1).default('clean').describe('The condition whose verdicts make a mutant Killed or Survived in mutation.json and mutation.html.'),
  mutationReportPerCondition: z.boolean().default(false).describe('Also write mutation.<condition>.json and .html for every condition.'),
});

export type ReportSettings = z.infer<typeof reportsSchema>;
