/**
 * What a worker's own words say when they report the work finished or
 * verified (a trace's "confirmed in the handbook", seed 004; a round
 * summary's "tests are green" or "all answered", seed 003): the claim the
 * trusting controls take at its word.
 */
export const WORK_DONE_CLAIM =
  /\b(done|complete[d]?|finished|ready|answered|covered|handled|listed|checked|double-checked|cross-checked|verified|validated|confirmed|match(?:es)?|taken from|tests (?:are green|pass(?:ed)?)|all (?:the )?(?:checks|tests|items) pass(?:ed)?)\b/i;
