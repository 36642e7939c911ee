/**
 * Paths with Nest-style `:name` segments (`/api/animata/auth/social/:provider`), as the BFF's
 * route decorators read them, and the one function that turns them into addresses.
 */

/** The `:name` segments of a path, as a union of names (never when it has none). */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | PathParamNames<`/${Tail}`>
    : Rest
  : never;

/** The values a path's `:name` segments need: `{ provider: string }`. */
export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string };

/** Query values; undefined and null leave the parameter out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * What fillPath takes besides the path: the values of its `:name` segments when it has any,
 * and a query. A path known only as `string` takes any values (checked when filled).
 */
export type FillPathOptions<Path extends string> = string extends Path
  ? { params?: Record<string, string>; query?: QueryParams }
  : [PathParamNames<Path>] extends [never]
    ? { params?: undefined; query?: QueryParams }
    : { params: PathParams<Path>; query?: QueryParams };

type FillPathArgs<Path extends string> = string extends Path
  ? [options?: FillPathOptions<Path>]
  : [PathParamNames<Path>] extends [never]
    ? [options?: FillPathOptions<Path>]
    : [options: FillPathOptions<Path>];

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The address of `path` with its `:name` segments filled in (each value URI-encoded) and the
 * query appended in the given order (keys and values encoded with encodeURIComponent, so `/`
 * in a value reads `%2F` as everywhere else in the app). A missing value is a programming
 * error and throws rather than produce a path the BFF would read differently.
 */
export function fillPath<Path extends string>(
  path: Path,
  ...[options]: FillPathArgs<Path>
): string {
  const params: Record<string, string> = options?.params ?? {};
  const filled = path.replace(PARAM, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new Error(`fillPath: no value for :${name} in ${path}`);
    }
    return encodeURIComponent(value);
  });
  const query = Object.entries(options?.query ?? {})
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== undefined && entry[1] !== null,
    )
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  if (query === '') return filled;
  return `${filled}${filled.includes('?') ? '&' : '?'}${query}`;
}
