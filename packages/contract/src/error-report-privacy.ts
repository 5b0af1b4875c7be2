/**
 * What error reports may collect about a person, for the browser's and the server's error-report clients
 * alike: nothing. The error-report SDK (11) replaced `sendDefaultPii` with this `dataCollection` setting, whose
 * defaults collect user details, cookies, headers, query strings and bodies. Stack traces and their source
 * lines remain.
 */
export const errorReportsCollectNothing = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  // No request or response body of any kind.
  httpBodies: [] as never[],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
};
