import { z } from 'zod';
import { OCTO_BASE_PATH, OCTO_OPERATIONS, type RouteDescriptor } from '@portal/contract';

type JsonObject = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonObject;
}

function parametersOf(schema: z.ZodType | undefined, location: 'query' | 'path'): JsonObject[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

// The OpenAPI document is generated from the contract, the same schemas the server validates with.
export function buildOpenApiDocument(routes: readonly RouteDescriptor[]): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const path = `/api${route.path}`;
    const operation: JsonObject = {
      summary: route.summary,
      tags: [...route.tags],
      parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
      responses: {
        200: route.response
          ? { description: 'OK', content: { 'application/json': { schema: schemaOf(route.response, 'output') } } }
          : { description: 'OK' },
        422: {
          description: 'Validation error: [{ fieldName, errorMessage }]',
          content: {
            'application/json': {
              schema: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { fieldName: { type: 'string' }, errorMessage: { type: 'string' } },
                },
              },
            },
          },
        },
        ...(route.access.kind === 'user'
          ? { 401: { description: 'Not logged in' }, 403: { description: 'Role not allowed' } }
          : {}),
        503: { description: 'Server is under maintenance' },
      },
    };
    if (route.access.kind === 'user') operation.security = [{ bearer: [] }];
    if (route.body) {
      const contentType = route.multipart ? 'multipart/form-data' : 'application/json';
      operation.requestBody = { required: true, content: { [contentType]: { schema: schemaOf(route.body, 'input') } } };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  // the reseller API (issue 30): OCTO's own shapes, an agency's API key as the bearer
  for (const operation of OCTO_OPERATIONS) {
    const parameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    (paths[`${OCTO_BASE_PATH}${operation.path}`] ??= {})[operation.method.toLowerCase()] = {
      summary: operation.summary,
      tags: ['OCTO (reseller API)'],
      security: [{ apiKey: [] }],
      parameters: [
        ...parameters,
        {
          name: 'Octo-Capabilities',
          in: 'header',
          required: false,
          schema: { type: 'string', example: 'octo/pricing' },
        },
        { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', enum: ['en', 'ru'] } },
      ],
      ...(operation.method === 'POST' || operation.method === 'PATCH'
        ? { requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } } }
        : {}),
      responses: {
        200: { description: 'OK (OCTO shape)' },
        400: {
          description:
            'OCTO error: { error, errorMessage } (INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, ' +
            'INVALID_AVAILABILITY_ID, INVALID_BOOKING_UUID, BAD_REQUEST, UNPROCESSABLE_ENTITY)',
        },
        401: { description: 'No valid API key' },
        403: { description: 'The agency may not use the reseller API' },
        429: { description: 'Too many calls with this key' },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'UAE B2B tours portal API', version: '1.0.0', description: 'Agency portal API. Errors: SPEC §8.' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'API key (gfk_…)' },
      },
    },
    paths,
  };
}
