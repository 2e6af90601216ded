let clientCounter = 0;

/**
 * Headers that make a request come from a client address no earlier request used, so per-IP
 * limits hit in one test do not spill into another (buildTestApp trusts one proxy hop).
 */
export function freshIp(): { 'x-forwarded-for': string } {
  const n = ++clientCounter;
  return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}
