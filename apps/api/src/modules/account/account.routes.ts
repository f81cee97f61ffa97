import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { requireActor } from '../../lib/require-actor.ts';
import * as service from './account.service.ts';
import { readSignupForm } from './signup-form.ts';

export async function accountRoutes(app: FastifyInstance) {
  // forgot-password requests a node took but did not answer before it stopped (each is answered at once otherwise)
  const { config } = app.deps;
  if (config.resetRequestPollMs > 0)
    app.jobs.add({
      name: 'password-resets',
      everyMs: config.resetRequestPollMs,
      run: () => service.answerPasswordResetRequests(app.deps),
    });
  registerRoute(app, authRoutes.login, ({ body, ctx }) => service.login(ctx, body));
  registerRoute(app, authRoutes.signup, async ({ ctx, request }) => {
    const { fields, uploads } = await readSignupForm(request);
    return service.signup(ctx, fields, uploads);
  });
  registerRoute(app, authRoutes.forgotPassword, ({ body, ctx }) => service.forgotPassword(ctx, body));
  registerRoute(app, authRoutes.resetPassword, ({ body, ctx }) => service.resetPassword(ctx, body));
  registerRoute(app, authRoutes.changePassword, ({ body, ctx }) =>
    service.changePassword(ctx, requireActor(ctx).userId, body),
  );
  registerRoute(app, authRoutes.me, ({ ctx }) => service.profile(ctx, requireActor(ctx).userId));
}
