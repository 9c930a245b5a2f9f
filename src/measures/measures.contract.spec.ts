import { measureContract } from '../../test/support/measureContract.js';

/**
 * Every measure of the registry against its own specimen run (test/support/measureContract.ts says what is checked):
 * a member declares what the checks need (its specimen, and a passing and a failing example of each threshold key),
 * so this spec names no member and a new one needs no row here.
 */
measureContract();
