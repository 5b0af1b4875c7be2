import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createContext } from './create-context.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { ensureSsrClient, handToWebServer, internalOrigin } from './ssr-client.js';
import { mountWeb } from './web.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await createContext(config);
  if (config.SEED_DEMO === 'true') await seedDemoIfEmpty(ctx);
  const app = await buildApp(ctx, { logger: true });
  handToWebServer(internalOrigin(config), await ensureSsrClient(ctx));
  await mountWeb(app, ctx);
  await app.listen({ port: config.PORT, host: config.HOST });
  const stop = async () => {
    await app.close();
    await ctx.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
