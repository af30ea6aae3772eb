// The real OpenID Connect provider the end-to-end suite signs in with.
import { startOidcProvider } from '../../apps/server/test/oidc-provider';
import { baseURL, OIDC_PORT } from './env';

const provider = await startOidcProvider({
  port: OIDC_PORT,
  host: 'localhost',
  redirectUris: [`${baseURL}/callback`, `${baseURL}/silent-renew.html`],
});
console.log(`test identity provider at ${provider.issuer}`);
