#!/usr/bin/env node
// The reference every figure of bench/run.sh is also given as a share of: a Fastify server answering one
// small JSON object, driven by the same load tool with the same settings in the same run, so numbers taken
// on machines of different speed (or the same machine under different neighbours) can be compared.
// Usage: PORT=3198 node bench/api/hello-world.mjs
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3198), host: '127.0.0.1' });
