export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 4173);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4180);
export const baseURL = `http://localhost:${PORTAL_PORT}`;
export const oidcIssuer = `http://127.0.0.1:${OIDC_PORT}`;
export const DEMO_PASSWORD = 'demo1234';
