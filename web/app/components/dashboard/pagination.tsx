import {
  paginationWindow,
  totalPages,
  type Pagination as PaginationData,
} from '@animata/contracts';
import { Link, useLocation } from '@remix-run/react';
import { withListParams } from './view.js';

/**
 * Numbered pages (§9): up to 11 around the current one, the first and last always linked,
 * ellipses where pages are left out; nothing when one page holds everything. The links carry
 * the page size (`rows`) past page 1.
 */
export function Pagination({ pagination }: { pagination: PaginationData }) {
  const location = useLocation();
  const pages = totalPages(pagination.totalFiles, pagination.filesPerPage);
  if (pagination.totalFiles <= pagination.filesPerPage) return null;
  const links = paginationWindow(pagination.page, pages);
  // Every later page is read with the size this one was: the cookie may meanwhile hold the
  // size another window measured, and mixing sizes skips or repeats projects (issue 29).
  // Page 1 starts at the first project whatever the size, so it follows the window's own.
  const to = (page: number) =>
    withListParams(
      location,
      page === 1 ? { page: null, rows: null } : { page, rows: pagination.filesPerPage },
    );
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
