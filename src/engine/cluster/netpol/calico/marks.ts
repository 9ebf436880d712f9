/**
 * felix's mark bits in v3.29 (IptablesMarkMask 0xffff0000, bits handed out lowest first):
 * accept, pass, then the two scratch bits match blocks use.
 */
export const ACCEPT = 0x10000;
export const PASS = 0x20000;
export const SCRATCH0 = 0x40000;
export const SCRATCH1 = 0x80000;
/** every bit felix owns, cleared where a static chain starts over */
export const ALL_BITS = ACCEPT | PASS | SCRATCH0 | SCRATCH1;
/** a workload chain clears accept and pass before its policies run */
export const ENDPOINT_CLEAR = ACCEPT | PASS;
export const SCRATCH_BOTH = SCRATCH0 | SCRATCH1;
