import { accountScopeChecks } from './scope-accounts';
import { insightScopeChecks } from './scope-insights';
import { notificationScopeChecks } from './scope-notifications';
import { orderScopeChecks } from './scope-orders';
import { webhookScopeChecks } from './scope-webhooks';
import type { ScopeChecks, ScopeWorld } from './scope-world';

export { loadScopeWorld, type ScopeWorld } from './scope-world';

/**
 * One check per route access-matrix.expected.ts marks as scoped: with records of another
 * country (ld) or another dealer (d, u), the route refuses (403/404), shows nothing of them,
 * and changes nothing; where it matters, the same call by the owner or its admin succeeds.
 */
export const createScopeChecks = (get: () => ScopeWorld): ScopeChecks => ({
  ...orderScopeChecks(get),
  ...accountScopeChecks(get),
  ...insightScopeChecks(get),
  ...notificationScopeChecks(get),
  ...webhookScopeChecks(get),
});
