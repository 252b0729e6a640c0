import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The zod provider's transform, with one change: a response declared as `z.null()` (a 204, a
 * redirect) is described without content. The provider writes it as a JSON null, and a client
 * reading the document then expects a JSON body (and its content type) where none is sent;
 * `@fastify/swagger` leaves the content out of a response whose schema is of type null.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const declared = input.schema?.response as Record<string, unknown> | undefined;
  const described = output.schema?.response as Record<string, unknown> | undefined;
  if (!declared || !described) return output;
  for (const [status, schema] of Object.entries(declared)) {
    if (schema instanceof z.ZodNull) {
      described[status] = { type: 'null', description: schema.description ?? 'No content' };
    }
  }
  return output;
};

/** The OpenAPI document of every route (at /api/openapi.json) and Swagger UI to read it (at /api/docs). */
export async function registerOpenApi(app: FastifyInstance, { sessionCookie }: { sessionCookie: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lastman API',
        version: '2.0.0',
        description: 'Last Man Standing competitions for clubs.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookie },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
}
