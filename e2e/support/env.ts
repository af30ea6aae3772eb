import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The first port the kernel hands out to outgoing connections (32768 on Linux by default).
 * The suite's servers listen below it, so no connection made meanwhile by the browser, the
 * database clients or another suite can take a port between its choice and its binding.
 */
const ephemeralStart = () => {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    return Math.max(Number(low) || 32768, 11_000);
  } catch {
    return 32768;
  }
};

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A random free port in [10000, ephemeral start), so two runs on one machine do not meet. */
const pickPort = async (taken?: string) => {
  const end = ephemeralStart();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (end - 10_000));
    if (String(port) !== taken && (await canListen(port))) return port;
  }
  throw new Error('no free port below the ephemeral range after 50 tries');
};

// Chosen once by the runner (the config loads first); its workers and servers inherit them.
process.env.E2E_PORT ??= String(await pickPort());
process.env.E2E_OIDC_PORT ??= String(await pickPort(process.env.E2E_PORT));

export const PORTAL_PORT = Number(process.env.E2E_PORT);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT);
export const baseURL = `http://localhost:${PORTAL_PORT}`;
// the same host as the portal, so the provider's session cookie reaches the silent-renew frame
export const oidcIssuer = `http://localhost:${OIDC_PORT}`;
export const DEMO_PASSWORD = 'demo1234';
