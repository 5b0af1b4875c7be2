/**
 * Taps on a page's buttons before React has hydrated them are kept and given to React once it has (ADR 030).
 *
 * Pages are painted before their framework scripts run (ADR 026, 027). In between, a button the server drew
 * looks ready but has no handler: a tap on "Like" or "Follow" on a phone in the second after the picture appears
 * would do nothing, silently. This small inline script, at the end of the head so it is there before any button
 * is drawn, listens to clicks on the window in the capture phase (before React's own listeners on the document).
 * A trusted click on a button that React has not hydrated yet is stopped and queued. Every 50 ms the queue is
 * looked at: a button React has since hydrated (it then carries React's `__reactProps` key, the only sign of it
 * outside React) is clicked again, in the order tapped, and React handles that click as any other. The replayed
 * click is not trusted, so it passes the listener. A tap older than EARLY_TAP_MAX_AGE_MS is dropped (the person
 * will have moved on), as is one on a button no longer in the page.
 *
 * Left to the browser: links (they navigate), and a form's submit buttons (forms post to the server: they work
 * without scripts).
 */
export const EARLY_TAP_MAX_AGE_MS = 10_000;
export const EARLY_TAP_POLL_MS = 50;

export const earlyTapScript = (nonce: string): string =>
  `<script nonce="${nonce}">(function(){var q=[],t=0;` +
  'function live(b){return Object.keys(b).some(function(k){return k.indexOf("__reactProps")===0})}' +
  'function held(e){var b=e.target&&e.target.closest?e.target.closest("button"):null;' +
  'if(!b||b.disabled||(b.form&&b.type==="submit"))return null;return live(b)?null:b}' +
  'function drain(){var now=Date.now();' +
  `while(q.length){var x=q[0];if(!x.b.isConnected||now-x.at>${EARLY_TAP_MAX_AGE_MS}){q.shift();continue}` +
  'if(!live(x.b))return;q.shift();x.b.click()}clearInterval(t);t=0}' +
  'addEventListener("click",function(e){if(!e.isTrusted)return;var b=held(e);if(!b)return;' +
  'e.preventDefault();e.stopImmediatePropagation();q.push({b:b,at:Date.now()});' +
  `if(!t)t=setInterval(drain,${EARLY_TAP_POLL_MS})},true)})()</script>`;
