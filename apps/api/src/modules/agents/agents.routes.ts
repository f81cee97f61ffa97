import type { FastifyInstance } from 'fastify';
import { agentRoutes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import * as service from './agents.service.ts';

// SPEC §2 /agents; DESIGN GET/POST /b2b/agents, PUT/DELETE /b2b/agents/{id}, POST …/restore, …/invite
export async function agentRoutesPlugin(app: FastifyInstance) {
  registerRoute(app, agentRoutes.list, ({ ctx, query }) => service.listAgents(ctx, requireAgencyActor(ctx), query));
  registerRoute(app, agentRoutes.create, ({ ctx, body }) => service.createAgent(ctx, requireAgencyActor(ctx), body));
  registerRoute(app, agentRoutes.history, ({ ctx, query }) =>
    service.agentsHistory(ctx, requireAgencyActor(ctx), query),
  );
  registerRoute(app, agentRoutes.update, ({ ctx, params, body }) =>
    service.updateAgent(ctx, requireAgencyActor(ctx), params.id, body),
  );
  registerRoute(app, agentRoutes.remove, ({ ctx, params }) =>
    service.deleteAgent(ctx, requireAgencyActor(ctx), params.id),
  );
  registerRoute(app, agentRoutes.restore, ({ ctx, params }) =>
    service.restoreAgent(ctx, requireAgencyActor(ctx), params.id),
  );
  registerRoute(app, agentRoutes.invite, ({ ctx, params }) =>
    service.inviteAgent(ctx, requireAgencyActor(ctx), params.id),
  );
}
