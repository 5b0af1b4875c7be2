import { type EndpointDef, fullPath } from '@civitas/contract';

const sampleParams: Record<string, string> = {
  id: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70',
  citizenId: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f71',
  influencerId: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f72',
  username: 'alice',
  keyword: 'ali',
  uploadId: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f73',
  kind: 'image-upload',
  partNumber: '1',
};

/** A concrete URL for an endpoint, with well-formed sample path parameters. */
export const sampleUrl = (endpoint: EndpointDef): string =>
  fullPath(endpoint).replace(/:(\w+)/g, (_, name: string) => sampleParams[name] ?? 'x');

/** The OpenAPI form of an endpoint's path (`{id}` instead of `:id`). */
export const openApiPath = (endpoint: EndpointDef): string => fullPath(endpoint).replace(/:(\w+)/g, '{$1}');
