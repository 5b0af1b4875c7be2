/** What a consented service may use from the page. */
export interface ServiceDeps {
  /** Makes sure the browser has a session (see `prepareSession`); `renew` after the last one was refused. */
  prepareSession(renew: boolean): Promise<boolean>;
}

/** A service that runs only with the visitor's consent: started when it is given, stopped at once when withdrawn. */
export interface ConsentedService {
  start(deps?: ServiceDeps): void;
  /** Stops everything the service does and drops whatever it had not sent yet. */
  stop(): void;
}
