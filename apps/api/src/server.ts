import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { phasesBeforeMain, startupPhases } from './lib/startup-phases.ts';

async function main() {
  const started = performance.now();
  const phases = startupPhases();
  phasesBeforeMain(phases, started);
  // Until the server listens, a timer keeps the event loop alive. Without one, the loop has nothing to wait on while
  // the embedded database compiles its WebAssembly, and Node.js then blocks until V8 has finished compiling it in
  // the background (nodejs/node#36616): a quarter of a second lost at every start on a two-core machine.
  const keepAlive = setInterval(() => undefined, 1000);
  const config = loadConfig();
  // The database starts while the rest of the server's code loads: module loading waits on the disk at times,
  // and the embedded database computes meanwhile.
  const [
    database,
    [
      { runMigrations },
      { buildApp },
      { demoAccountsTable, seedDemoData },
      { seedDemoCatalogue },
      { demoHistoryUnfinished },
    ],
  ] = await Promise.all([
    phases.time(
      'db-open',
      openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl, lockTimeoutMs: config.lockTimeoutMs }
          : { kind: 'pglite', dataDir: config.dataDir },
      ),
    ),
    phases.time(
      'code',
      Promise.all([
        import('./db/migrate.ts'),
        import('./app.ts'),
        import('./modules/demo/demo-seed.ts'),
        import('./modules/demo/catalogue-seed.ts'),
        import('./modules/demo/demo-history-state.ts'),
      ]),
    ),
  ]);
  await phases.time('migrations', runMigrations(database));
  const app = await phases.time('plugins', buildApp({ config, database }));
  const demoCreated = config.seedDemo && (await phases.time('seed-demo', seedDemoData(database.db)));
  if (demoCreated) {
    app.log.info('demo data created');
    console.log(`\n${demoAccountsTable()}\n`);
  }
  if (config.seedDemo && (await phases.time('seed-catalogue', seedDemoCatalogue(database.db))).created)
    app.log.info('demo catalogue created');
  // The demo agencies' three months (made once, on the start that created them; a start after a crash finishes it)
  if (config.seedDemo && (demoCreated || (await phases.time('seed-history', demoHistoryUnfinished(database.db)))))
    await import('./modules/demo/demo-history.ts')
      .then((history) => history.seedDemoHistory(app, database.db))
      .then((made) => made && app.log.info('demo history created'))
      .catch((error: unknown) => app.log.error({ err: error }, 'demo history not finished: the next start goes on'));
  if (!config.smtpUrl) {
    app.log[config.nodeEnv === 'production' ? 'warn' : 'info'](
      config.nodeEnv === 'production'
        ? 'SMTP_URL is not set: e-mails stay in the outbox'
        : 'SMTP_URL is not set: e-mails are kept on http://localhost:%d/dev/mailbox',
      config.port,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // at once: Fastify answers 503 from now on, and its preClose hooks run a turn later
    app.frontDoor.close();
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await phases.time('listen', app.listen({ port: config.port, host: config.host }));
  clearInterval(keepAlive);
  const ms = Math.round(performance.now() - started);
  console.log(
    `Portal ready on http://localhost:${config.port} (${database.kind}${database.kind === 'pglite' ? `, data in ${config.dataDir}` : ''}) in ${ms} ms`,
  );
  // performance.timeOrigin: when this process started (bench/startup.mjs counts npm's own share from it)
  console.log(`Start-up phases (ms; process started ${Math.round(performance.timeOrigin)}): ${phases.format()}`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
