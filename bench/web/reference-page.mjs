// The web benchmarks' reference: a page with no script, no style sheet and no picture, served from this process
// on loopback. Lighthouse measured on it in the same run gives the lab's own floor on this machine (the browser's
// start of a document with DevTools attached, its first layout and paint, Lighthouse's tracing), as the
// hello-world Fastify does for the API: machines of one kind differ by 2x and more, so a page's figures are read
// beside this one's.
import { createServer } from 'node:http';

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A page with no script, no style sheet and no picture.">
<title>Reference page</title>
</head>
<body>
<main>
<h1>Reference page</h1>
<p>A page with no script, no style sheet and no picture: what Lighthouse measures here is the lab's own cost.</p>
</main>
</body>
</html>
`;

// Run as its own process (`node bench/web/reference-page.mjs`): Lighthouse's runner waits on each run
// synchronously, so a server in its process would not answer. Prints its address once it listens.
const server = createServer((request, response) => {
  if (request.url !== '/') {
    // The tab icon the browser asks for: nothing, without the console error a 404 would log.
    response.writeHead(request.url === '/favicon.ico' ? 204 : 404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(HTML);
});
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}`));
