import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Checks an answer's status (200 unless said) and returns its JSON body. */
export function expectOk(res: LightMyRequestResponse, statusCode = 200) {
  expect(res.statusCode, res.body).toBe(statusCode);
  return res.json();
}

/** Checks an answer is an error of the API's shape, with this status and, when given, this code. */
export function expectError(res: LightMyRequestResponse, statusCode: number, code?: string): void {
  expect(res.statusCode, res.body).toBe(statusCode);
  const body = res.json();
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.message).toBe('string');
  if (code) expect(body.code).toBe(code);
}

/** Runs the calls all at once and checks every one of them succeeded. */
export async function allOk(calls: Promise<{ statusCode: number; body: string }>[]): Promise<void> {
  for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(200);
}
