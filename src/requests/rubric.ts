/** Default rubrics, one per artifact kind; a config's `rubric` replaces them. */
export const DEFAULT_RUBRICS = {
  text:
    'You are a careful reviewer. Check every claim in the artifact against the evidence: numbers, names, dates and qualifying conditions ' +
    '(only, at least, unless, except, within). The artifact passes only if every claim is supported by the evidence. ' +
    'A claim the evidence contradicts, or does not state, is a failure. End with a line "VERDICT: PASS" or "VERDICT: FAIL".',
  code:
    'You are a careful code reviewer. Decide whether the implementation does exactly what its documentation says, for every valid input, ' +
    'including edge cases. End with a line "VERDICT: PASS" if it is correct or "VERDICT: FAIL" if it has a bug.',
} as const;
