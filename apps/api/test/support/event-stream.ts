/** One server-sent event as a browser's EventSource would deliver it. */
export interface StreamEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/** An open `text/event-stream` over real HTTP, read as a browser would, for the tests of live streams. */
export interface OpenStream {
  status: number;
  contentType: string | null;
  /** Every event so far, in order (comments aside). */
  events: StreamEvent[];
  /** Comments so far (`: heartbeat`). */
  comments: string[];
  /** The next event after the `after`-th that `accept` takes, within `timeoutMs`. */
  next(accept: (event: StreamEvent) => boolean, options?: { after?: number; timeoutMs?: number }): Promise<StreamEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a stream and resolves once its answer's headers have arrived (a refusal's body is in `refusal`). */
export async function openStream(
  url: string,
  headers: Record<string, string>,
): Promise<OpenStream & { refusal: unknown }> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const heard = () => {
    for (const waiter of waiters) waiter();
  };
  let refusal: unknown = null;
  let ended: Promise<void> = Promise.resolve();
  if (res.status !== 200) refusal = await res.json();
  else {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            parse(buffer.slice(0, end), events, comments);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
          heard();
        }
      } catch {
        // Aborted by the test.
      }
      heard();
    })();
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    refusal,
    events,
    comments,
    ended,
    close: () => abort.abort(),
    next(accept, { after = 0, timeoutMs = 5_000 } = {}) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(after).find(accept);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const check = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event within ${timeoutMs} ms; had ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        look();
      });
    },
  };
}

function parse(block: string, events: StreamEvent[], comments: string[]): void {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comments.push(line.slice(1).trim());
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length > 0) events.push({ event, id, data: JSON.parse(data.join('\n')) });
}
