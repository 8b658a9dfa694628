import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/index.ts';
import type { AppConfig } from './config/index.ts';
import { FIRST_START_ENV, firstStartInChild, runFirstStart, runFirstStartInChild } from './first-start.ts';
import { tuneGarbageCollector } from './lib/garbage-collector.ts';
import { acceptHandedConnections, connectionsAreHandedOver } from './lib/handed-connections.ts';
import { announceReady } from './modules/jobs/index.ts';

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      remove: true,
    },
  };
  if (config.nodeEnv === 'development') {
    return {
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
    };
  }
  return base;
}

async function main(): Promise<void> {
  tuneGarbageCollector();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // On a new embedded database the start-up work runs in a child first (first-start.ts, decision 097).
  if (process.env[FIRST_START_ENV]) {
    await runFirstStart(config);
    process.exit(0);
  }
  if (firstStartInChild(config)) await runFirstStartInChild((message) => process.stderr.write(`${message}\n`));

  const app = await buildApp({ config, logger: loggerOptions(config) });
  // Under the supervisor on the embedded database, the supervisor listens and hands this process its connections.
  const handedConnections = connectionsAreHandedOver() ? acceptHandedConnections(app.server) : null;
  let isClosing = false;
  const close = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await handedConnections?.drain(8_000);
      await app.close(); // closes the HTTP server, then the database (onClose)
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  if (!handedConnections) await app.listen({ port: config.port, host: config.host });
  app.log.info(`Lumen Studio is ready at ${config.publicUrl} (database: ${app.database.kind})`);
  announceReady(); // to the supervisor of WORKER_MAX_RSS_MB, when there is one (decision 067)
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
