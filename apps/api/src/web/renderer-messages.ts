import type { ErrorReportSettings } from '../telemetry/error-reports.js';

/** What the serving thread gives the renderer thread as it starts it (web/renderer.ts, ADR 043). */
export interface RendererSettings {
  /** The web package, with its production build. */
  dir: string;
  hostname: string;
  port: number;
  /** The Unix socket the renderer listens on, in a directory only this user may enter. */
  socketPath: string;
  /**
   * The serving thread's settings where this environment reports errors (docs/product.md §1), else null: render errors are
   * then reported as the API's are, by the renderer.
   */
  errorReporting: ErrorReportSettings | null;
}

/** What the renderer thread tells the one that started it. */
export type RendererMessage =
  | { kind: 'ready'; reportsErrors: boolean }
  | { kind: 'failed'; error: string }
  | { kind: 'error'; error: string };

/** What the renderer thread is told: to stop, once the reports on their way are sent. */
export const STOP = 'stop';

/** What a page says when its render failed outside Next's own error pages (the renderer's or the relay's). */
export const PAGE_FAILED_TEXT = 'Something went wrong on our side; please try again';
