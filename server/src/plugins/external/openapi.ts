import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { PARTNER_API_PREFIX } from '@pp/contract';
import { finishDocument } from './openapi-document.ts';
import { contractSchemaOverride } from './openapi-schemas.ts';

export const OPENAPI_PATH = `${PARTNER_API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${PARTNER_API_PREFIX}/docs`;

/** OpenAPI 3.1 generated from the contract's zod schemas, and Swagger UI over it. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Partner Portal API',
          description:
            'Local stand-in for the partner API contract (spec section 7). Bodies use the { response, failureMessage } envelope.',
          version: '1.0.0',
        },
      },
      transform: createJsonSchemaTransform({ zodToJsonConfig: { override: contractSchemaOverride } }),
      // The document as made, completed (finishDocument keeps its shape: an OpenAPI 3.1 object).
      transformObject: (made) =>
        ('openapiObject' in made
          ? finishDocument(made.openapiObject as never, app.config.publicUrl)
          : made.swaggerObject) as never,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      staticCSP: true,
      // Swagger UI sets its own CSP, which allows framing by itself; the portal allows none.
      transformStaticCSP: (header) => header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
