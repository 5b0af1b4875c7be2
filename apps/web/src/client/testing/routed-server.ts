import { type Answer, gate, type SeenRequest, startTestServer } from './test-server';
import { testStore } from './test-store';

export type Routes = Record<string, (request: SeenRequest) => Answer | Promise<Answer>>;

export const serverFailure: Answer = {
  status: 500,
  json: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
};

/** A test server answering by `METHOD /path`, with a signed-in citizen's store and held writes. */
export async function startRoutedServer() {
  let routes: Routes = {};
  const server = await startTestServer((request) => {
    const route = routes[`${request.method} ${request.path}`];
    return route
      ? route(request)
      : { status: 404, json: { statusCode: 404, error: 'Not Found', message: request.path } };
  });
  return {
    server,
    setRoutes(next: Routes) {
      routes = { ...next };
    },
    /** These routes beside the ones set. */
    addRoutes(more: Routes) {
      routes = { ...routes, ...more };
    },
    /** A store of a citizen whose token is far from expiry, so no refresh gets in the way. */
    citizenStore: () =>
      testStore(server.url, { cookies: `civitas_username=alice; civitas_session_expires=${Date.now() + 3_600_000}` })
        .store,
    /**
     * Holds the answer to `route` while `duringCall` looks at the state (the optimistic moment), then answers
     * with `answer` and waits for the call to end.
     */
    async whileHeld<T>(route: string, start: () => Promise<T>, answer: Answer, duringCall: () => void): Promise<T> {
      const held = gate<Answer>();
      const arrived = gate();
      routes[route] = () => {
        arrived.open();
        return held.promise;
      };
      const call = start();
      await arrived.promise;
      duringCall();
      held.open(answer);
      return call;
    },
  };
}
