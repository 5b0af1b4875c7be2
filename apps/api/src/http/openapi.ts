import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { securityHeaders } from './security-headers.js';

/** OpenAPI generated from the contract schemas at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Civitas API',
        version: '1.0.0',
        description:
          'Every service call of Civitas. Send `Authorization: Bearer <token>`; `X-API-Version` selects a call version (missing means latest).',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The docs page runs swagger-ui's own scripts: its policy allows them by hash, fitted to this origin.
  const { docsPolicy } = securityHeaders(publicUrl);
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: docsPolicy });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
