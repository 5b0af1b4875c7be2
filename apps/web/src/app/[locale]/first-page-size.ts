/**
 * How many posts the server's HTML of the stage holds: a phone's first screens, and no more. Each post is markup
 * the browser parses and lays out before the page answers a tap: with twenty, that was most of the stage's
 * blocking time on a phone (ADR 039). The browser reads the next pages as the person scrolls, from this page's
 * token, at the API's page size. Kept apart from load-stage.ts so the journeys read the same number without
 * loading the server's modules.
 */
export const FIRST_PAGE_SIZE = 6;
