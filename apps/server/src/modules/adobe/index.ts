/**
 * The adobe module's public surface (issue 30): what other modules may use of it. Another module
 * imports this file only, never one of the module's own files (`npm run lint:deps`).
 */
export type { AdobeClient } from './adobe.client';
export { findOwnAdobeCustomerIds } from './adobe.repository';
export { demoAdobeCustomers } from './demo-customers';
