import { Ajv } from 'ajv';
import { schema } from 'mutation-testing-report-schema';

/** Validates against the schema Stryker's dashboard uses (`uri` is its only format); returns the errors. */
export function validateMutationReport(report: unknown): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat('uri', (s: string) => URL.canParse(s));
  const validate = ajv.compile(schema);
  return validate(report) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
