import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's haproxy, installed by `scripts/install-test-deps.sh` (`npm test` and .ci/run run it first). */
export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export interface ReverseProxy {
  origin: string;
  /** The proxy's view of each backend (`UP`, `DOWN`, …), from its stats page. */
  backendStates(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * The reverse-proxy configuration of docs/operations.md, with the test's ports: round robin over the
 * instances, readiness checks on /healthz every 500 ms, and a request whose connection is refused sent to
 * another instance (`retry-on conn-failure` + `option redispatch`). A request already received by an instance
 * that dies is never sent again: it may have been written, and a retried post would be posted twice.
 */
export function haproxyConfig(port: number, statsPort: number, backends: Record<string, string>): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # An open websocket (the analytics socket) is a tunnel: quiet for minutes between a person's events.
  timeout tunnel 1h
  retries 3
  option redispatch
  retry-on conn-failure
  option forwardfor

frontend civitas
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
${Object.entries(backends)
  .map(([name, address]) => `  server ${name} ${address} check`)
  .join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export async function startHaproxy(
  port: number,
  statsPort: number,
  backends: Record<string, string>,
): Promise<ReverseProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'civitas-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, statsPort, backends));
  execFileSync(HAPROXY, ['-c', '-q', '-f', file]); // a configuration error fails here, with haproxy's message
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const origin = `http://127.0.0.1:${port}`;
  const backendStates = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const [proxy, server, ...rest] = line.split(',');
      if (proxy === 'instances' && server && server in backends) states[server] = rest[15] ?? '';
    }
    return states;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const states = await backendStates().catch(() => ({}) as Record<string, string>);
    if (Object.values(states).some((state) => state === 'UP')) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not start with a backend up: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin,
    backendStates,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
