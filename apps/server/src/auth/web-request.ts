import type { FastifyRequest } from 'fastify';

/** The client IP as Fastify determined it (honouring TRUST_PROXY); clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-lastman-client-ip';

/** Fastify's headers as a WHATWG Headers object, with the client IP set by us, never by the client. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
