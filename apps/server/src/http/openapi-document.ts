import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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
