import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  body: string;
  /** when it arrived (real time) */
  at: number;
};

/**
 * A real HTTP server on loopback that keeps every request it receives and answers the status
 * it is told to (204 by default): a dealer's webhook receiver.
 */
export const startWebhookReceiver = async () => {
  const received: ReceivedWebhook[] = [];
  let status = 204;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    /** the requests of one event type */
    ofType: (type: string) => received.filter((r) => JSON.parse(r.body).type === type),
    answer: (next: number) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
