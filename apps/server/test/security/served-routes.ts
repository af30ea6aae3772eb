import type { FastifyInstance } from 'fastify';

const routeLine = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every `METHOD /api/path` the app serves, read from Fastify's router (so hidden routes, which
 * the OpenAPI document leaves out, count too). Parameters come back as `{}`: the router names
 * one parameter position once even when routes call it differently (`:id|:eventId`). HEAD
 * routes Fastify adds for every GET, and the API documentation, are left out.
 */
export const servedApiRoutes = (app: FastifyInstance): string[] => {
  const stack: string[] = [];
  const served = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = routeLine.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = [...indent].length / 4;
    stack.length = depth;
    stack.push(segment);
    const path = normalizeRoute(stack.join(''));
    if (!methods || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of methods.split(', ')) {
      if (method !== 'HEAD') served.add(`${method} ${path}`);
    }
  }
  return [...served].sort();
};

/** `/a/:id`, `/a/{id}` and `/a/:id|:other` all become `/a/{}`. */
export const normalizeRoute = (route: string) =>
  route.replace(/\{\w+\}/g, '{}').replace(/:\w+(\|:\w+)*/g, '{}');
