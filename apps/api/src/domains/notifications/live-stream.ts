import type { ServerResponse } from 'node:http';
import type { NotificationView } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { oncePer } from '../../db/batches.js';
import { idFloorAt } from '../../db/ids.js';
import { readMarkOf } from './notification-store.js';
import { lineColumns, presentGroups } from './present.js';
import { unreadCount } from './unread.js';

/** Open streams per citizen on one instance: a few tabs and devices; opening one more closes the oldest. */
export const STREAMS_PER_CITIZEN = 5;
/**
 * How far back each reading looks. A notice's id is dated by its source (a like of a moment ago), so it may sort
 * below a line already sent; lines changed within this window are compared with what was sent, not by id alone.
 */
const LOOKBACK_MS = 60_000;
/** Lines read per ringing: more than change in a minute but for the busiest accounts, whose list is read anew. */
const LINES_PER_READING = 100;

type StreamContext = Pick<AppContext, 'db' | 'dialect' | 'caches' | 'tokens' | 'bell' | 'cacheBus' | 'config' | 'now'>;

export interface StreamOpening {
  citizenId: string;
  /** The access token the stream was opened with: checked again on every heartbeat and ringing. */
  token: string;
  /** The last line the browser had (Last-Event-ID): newer ones are sent at once. */
  resumeAfter: string | null;
  response: ServerResponse;
  log: (error: unknown) => void;
}

/** Every open stream of this instance, by citizen, so a sign-out can close them and the newest few are kept. */
const openStreams = oncePer((ctx: StreamContext) => {
  const byCitizen = new Map<string, LiveStream[]>();
  // A sign-out everywhere (or a suspension) reaches every instance this way: each stream checks its token again.
  ctx.cacheBus.on('sign-outs-changed', () => {
    for (const streams of byCitizen.values()) for (const stream of streams) stream.ring();
  });
  return byCitizen;
});

/** Opens a citizen's live stream of notifications on a response whose headers the caller has not written. */
export function openLiveStream(ctx: StreamContext, opening: StreamOpening): void {
  const byCitizen = openStreams(ctx);
  const mine = byCitizen.get(opening.citizenId) ?? [];
  // The oldest is told why it ends, so its tab does not reconnect and end the next oldest in turn.
  while (mine.length >= STREAMS_PER_CITIZEN) mine.shift()?.end('replaced');
  const stream = new LiveStream(ctx, opening, () => {
    const left = (byCitizen.get(opening.citizenId) ?? []).filter((other) => other !== stream);
    if (left.length > 0) byCitizen.set(opening.citizenId, left);
    else byCitizen.delete(opening.citizenId);
  });
  byCitizen.set(opening.citizenId, [...mine, stream]);
  stream.start();
}

/** Ends every stream of this instance (the server is closing: the browsers reconnect elsewhere). */
export function endLiveStreams(ctx: StreamContext): void {
  for (const streams of [...openStreams(ctx).values()]) for (const stream of [...streams]) stream.end();
}

/** The open streams of a citizen on this instance (for the tests and the figures). */
export const openStreamCount = (ctx: StreamContext, citizenId: string): number =>
  openStreams(ctx).get(citizenId)?.length ?? 0;

/**
 * One open stream (ADR 078). It is told only that its citizen's notifications changed (the bell, across
 * instances), and reads what changed itself: the lines newer than what it sent, and the unread count. Readings
 * never overlap: a ringing during one makes one more after it.
 */
class LiveStream {
  private readonly sent = new Map<string, string>();
  private lastCount: number | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  private ended = false;
  private stopListening: () => void = () => {};
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: StreamContext,
    private readonly opening: StreamOpening,
    private readonly onEnd: () => void,
  ) {}

  start(): void {
    const { response } = this.opening;
    response.on('close', () => this.end());
    // A browser waits this long before reconnecting after the stream ends (a server closing, a sign-in renewed).
    response.write('retry: 3000\n\n');
    this.stopListening = this.ctx.bell.listen(this.opening.citizenId, () => this.ring());
    this.heartbeat = setInterval(() => void this.beat(), this.ctx.config.NOTIFICATION_STREAM_HEARTBEAT_SECONDS * 1000);
    this.heartbeat.unref();
    this.run(() => this.first());
  }

  /** Reads again what changed: after the one reading under way, if any. */
  ring(): void {
    this.run(() => this.read());
  }

  /** Ends the stream; with a reason, a last `closed` event says it (a browser then waits to be used again). */
  end(reason?: 'replaced'): void {
    if (this.ended) return;
    if (reason) this.write('closed', { reason });
    this.ended = true;
    clearInterval(this.heartbeat);
    this.stopListening();
    this.onEnd();
    this.opening.response.end();
  }

  private run(reading: () => Promise<void>): void {
    if (this.ended) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      try {
        if (await this.stillSignedIn()) await reading();
        while (this.again && !this.ended) {
          this.again = false;
          if (await this.stillSignedIn()) await this.read();
        }
      } catch (error) {
        // A failed read (the database away a moment) is logged; the next ringing or reconnection catches up.
        this.opening.log(error);
      } finally {
        this.reading = null;
      }
    })();
  }

  /** Keeps the connection open through proxies, and closes it once its token has expired or been signed out. */
  private async beat(): Promise<void> {
    if (this.ended) return;
    if (await this.stillSignedIn()) this.opening.response.write(': heartbeat\n\n');
  }

  /**
   * The token checked again (expiry, a sign-out everywhere, a retired key): a stream never outlives its token.
   * The browser reconnects, through the renewal of its sign-in, or not at all.
   */
  private async stillSignedIn(): Promise<boolean> {
    const caller = await this.ctx.tokens.verify(this.opening.token);
    if (caller?.kind === 'citizen' && caller.citizenId === this.opening.citizenId) return true;
    this.end();
    return false;
  }

  /** On opening: what is newer than the browser's last line when it resumes, else only the count. */
  private async first(): Promise<void> {
    const recent = await this.recentLines(this.opening.resumeAfter);
    if (this.opening.resumeAfter === null) {
      // A fresh stream's browser has just read its list: the lines of the window are counted as sent.
      for (const line of recent) this.sent.set(line.group_key, line.latest_id);
      await this.sendCount();
      return;
    }
    await this.send(recent);
  }

  private async read(): Promise<void> {
    await this.send(await this.recentLines(null));
  }

  private floor(): string {
    const window = idFloorAt(this.ctx.now() - LOOKBACK_MS);
    const resume = this.opening.resumeAfter;
    return resume !== null && resume > window ? resume : window;
  }

  /** The lines changed after a resumed stream's last line, or within the window; the newest first. */
  private recentLines(after: string | null) {
    const floor = after ?? this.floor();
    return this.ctx.db
      .selectFrom('notification_groups')
      .select(lineColumns)
      .where('recipient_id', '=', this.opening.citizenId)
      .where('latest_id', '>', floor)
      .orderBy('latest_id', 'desc')
      .limit(LINES_PER_READING)
      .execute();
  }

  /** Sends the lines not sent as they are now, oldest first, then the count if it changed. */
  private async send(lines: Awaited<ReturnType<LiveStream['recentLines']>>): Promise<void> {
    const floor = this.floor();
    for (const [key, id] of this.sent) if (id <= floor) this.sent.delete(key);
    const fresh = lines.filter((line) => this.sent.get(line.group_key) !== line.latest_id).reverse();
    if (fresh.length > 0) {
      const me = this.opening.citizenId;
      const views = await presentGroups(this.ctx, me, await readMarkOf(this.ctx.db, me), fresh);
      fresh.forEach((line, index) => {
        this.sent.set(line.group_key, line.latest_id);
        this.write('notification', views[index] as NotificationView, line.latest_id);
      });
    }
    await this.sendCount();
  }

  private async sendCount(): Promise<void> {
    const count = await unreadCount(this.ctx.db, this.opening.citizenId);
    if (count === this.lastCount) return;
    this.lastCount = count;
    this.write('unread', { count });
  }

  private write(event: string, data: unknown, id?: string): void {
    if (this.ended) return;
    this.opening.response.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}
