/** GET /api/openapi.json: this API as an OpenAPI 3.1 document (openapi.ts), for integrators and their tools. */
import { defineRoutes } from '../define-routes';
import { servedOpenApiDocument } from './openapi';

export function openApiRoutes() {
  return defineRoutes({
    'GET /api/openapi.json': (c) => c.json(servedOpenApiDocument()),
  });
}
