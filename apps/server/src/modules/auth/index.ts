/**
 * The auth module's public surface (issue 30): what other modules may use of it. Another module
 * imports this file only, never one of the module's own files (`npm run lint:deps`).
 */
export { invalidateResetTokens } from './auth.repository';
export { createAuthService } from './auth.service';
export { removeAllFactors } from './mfa.repository';
export { shopperOf, toProfile } from './profile';
export { accountInviteMail, issueSetPasswordLink } from './set-password-link';
