import {
  paginationWindow,
  totalPages,
  type Pagination as PaginationData,
} from '@animata/contracts';
import { Link, useLocation } from '@remix-run/react';
import { withListParams } from './view.js';

/**
 * Numbered pages (§9): up to 11 around the current one, the first and last always linked,
 * ellipses where pages are left out; nothing when one page holds everything.
 */
export function Pagination({ pagination }: { pagination: PaginationData }) {
  const location = useLocation();
  const pages = totalPages(pagination.totalFiles, pagination.filesPerPage);
  if (pagination.totalFiles <= pagination.filesPerPage) return null;
  const links = paginationWindow(pagination.page, pages);
  const to = (page: number) => withListParams(location, { page: page === 1 ? null : page });
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        {pagination.page > 1 ? (
          <li>
            <Link
              to={to(pagination.page - 1)}
              className="pagination__step"
              aria-label="Previous page"
            >
              ‹
            </Link>
          </li>
        ) : null}
        {links.map((link) =>
          link.type === 'gap' ? (
            <li key={link.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page}>
              <Link
                to={to(link.page)}
                className="pagination__page"
                aria-label={`Page ${link.page}`}
                aria-current={link.page === pagination.page ? 'page' : undefined}
              >
                {link.page}
              </Link>
            </li>
          ),
        )}
        {pagination.page < pages ? (
          <li>
            <Link to={to(pagination.page + 1)} className="pagination__step" aria-label="Next page">
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
