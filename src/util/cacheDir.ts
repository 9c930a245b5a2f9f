/** The folder beside the config holding the caches of every stage: code labels (mutants) and critic replies (reviews). */
export const CACHE_DIR = '.critic-audit-cache';
