/**
 * How the web's BFF client reaches the BFF: in the same process through Fastify's inject()
 * (same routes, guards and pipes, no socket), or over HTTP when the BFF runs elsewhere.
 * Either way the contract is the HTTP API.
 */
export interface BffRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, starting with /api. */
  path: string;
  headers: Record<string, string>;
  /** JSON text, or the bytes of a multipart body (an upload; its content-type names the boundary). */
  body?: string | Uint8Array;
  /** The visitor's address: the peer address of an in-process call, X-Forwarded-For over HTTP. */
  clientAddress?: string;
}

export interface BffResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * The request type of an endpoint that takes a multipart form (an upload) instead of JSON: no
 * JSON value has it, so `api.call` cannot send one; `api.upload` sends a FormData.
 */
export interface MultipartBody {
  readonly multipart: unique symbol;
}

export type BffTransport = (request: BffRequest) => Promise<BffResponse>;

/** The header carrying the correlation id from page request to BFF call to log line. */
export const REQUEST_ID_HEADER = 'x-request-id';
