import type { FastifyInstance } from 'fastify';
import { layoutRoutes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { layoutInfoFor } from './layout-info.ts';

export async function layoutInfoRoutes(app: FastifyInstance) {
  registerRoute(app, layoutRoutes.info, async ({ ctx }) => layoutInfoFor(ctx.site));
}
