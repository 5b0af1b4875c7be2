#!/usr/bin/env node
// A ceiling for one path: fetches one answer from the running server (status line aside: its headers and body,
// as sent for the given request headers) and serves exactly those bytes from a bare Fastify route, so the same
// load tool measures what sending that answer costs with none of the server's own work per request.
// Usage: node bench/api/same-answer.mjs <url> [PORT=3197] [-H 'Name: value'...]
//   then: wrk -t1 -c32 -d10s <the same headers> http://127.0.0.1:3197/
import { get } from 'node:http';
import Fastify from 'fastify';

const [url, ...rest] = process.argv.slice(2);
if (!url) {
  console.error("usage: node bench/api/same-answer.mjs <url> [-H 'Name: value'...]");
  process.exit(2);
}
const requestHeaders = {};
for (let i = 0; i < rest.length; i += 2) {
  const [name, ...value] = (rest[i + 1] ?? '').split(':');
  if (rest[i] === '-H' && name) requestHeaders[name.trim()] = value.join(':').trim();
}
// node:http, not fetch: the body is kept as sent, in its content encoding.
const { headers, body } = await new Promise((resolve, reject) => {
  get(url, { headers: requestHeaders }, (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    response.on('error', reject);
  }).on('error', reject);
});
// Node's own connection headers are written by the bare server too.
for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']) delete headers[name];

const app = Fastify({ logger: false });
app.get('/', (_request, reply) => {
  reply.headers(headers);
  reply.send(body);
});
const port = Number(process.env.PORT ?? 3197);
await app.listen({ port, host: '127.0.0.1' });
console.log(`serving ${body.length} bytes and ${Object.keys(headers).length} headers of ${url} on ${port}`);
