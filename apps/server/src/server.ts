import closeWithGrace from 'close-with-grace';
import { ConfigError, demoExposureWarning, loadConfig } from './config/env';
import { createServer } from './main';
import { DEMO_PASSWORD, demoAccounts } from './seed/seed';

const roleNames: Record<number, string> = {
  1: 'global admins',
  2: 'local admins',
  3: 'dealers',
  4: 'users',
};

/** What the start banner says of MFA_REQUIRED_ROLES, so a demo without it is never a surprise. */
const secondFactorNote = (config: ReturnType<typeof loadConfig>) =>
  config.mfaRequiredTypeIds.length === 0
    ? 'Second factors: required of nobody (MFA_REQUIRED_ROLES=none): the demo accounts sign in with the password alone'
    : `Second factors: required of ${config.mfaRequiredTypeIds.map((id) => roleNames[id]).join(', ')} (MFA_REQUIRED_ROLES)`;

const start = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database } = await createServer(config);
  // requests already received finish; later ones get 503; past 10 s the process exits with 1
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    app.shutdown.begin();
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
    // last: in-flight requests and the job workers are done with it
    await database.close();
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const db = config.isEmbeddedDb
    ? `embedded PostgreSQL (PGlite) in ${config.dataDir}`
    : 'PostgreSQL (DATABASE_URL)';
  const mail = config.isSmtpConfigured ? 'SMTP' : 'local mailbox (Settings → Mailbox)';
  // the suites that start server processes with PORT=0 read the port from the first line
  console.log(
    [
      '',
      `  ESD portal is running at http://localhost:${port}`,
      `  API docs: http://localhost:${port}/api/docs`,
      `  Database: ${db}; mail: ${mail}`,
      `  ${secondFactorNote(config)}`,
      '',
      `  Demo accounts (password ${DEMO_PASSWORD}):`,
      ...demoAccounts.map((a) => `    ${a.email.padEnd(22)} ${a.note}`),
      '',
    ].join('\n'),
  );
  const warning = demoExposureWarning(config);
  if (warning) console.warn(`\n  ${warning}\n`);
};

start().catch((error) => {
  console.error(error);
  process.exit(1);
});
