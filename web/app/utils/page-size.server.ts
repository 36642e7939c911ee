import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@animata/contracts';
import { GRID_ROWS_COOKIE, LIST_PARAMS } from '../components/dashboard/view.js';
import { requestCookie } from './cookies.server.js';

/**
 * The page size: the address's `rows` (a page link carries the size its list is paged with),
 * else the one this browser's grid last measured (a cookie), else DEFAULT_PAGE_SIZE.
 */
export function pageSizeOf(request: Request): number {
  const url = new URL(request.url);
  const fromUrl = Number(url.searchParams.get(LIST_PARAMS.rows));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return Math.min(fromUrl, MAX_PAGE_SIZE);
  const fromCookie = Number(requestCookie(request, GRID_ROWS_COOKIE));
  if (Number.isInteger(fromCookie) && fromCookie > 0) return Math.min(fromCookie, MAX_PAGE_SIZE);
  return DEFAULT_PAGE_SIZE;
}
