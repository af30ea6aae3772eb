export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 4173);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4180);
export const baseURL = `http://localhost:${PORTAL_PORT}`;
// the same host as the portal, so the provider's session cookie reaches the silent-renew frame
export const oidcIssuer = `http://localhost:${OIDC_PORT}`;
export const DEMO_PASSWORD = 'demo1234';
