import {
  endpoints,
  fillPath,
  formatDate,
  formatMoney,
  invoiceTexts,
  type Invoice,
} from '@animata/contracts';

/** The PDF's address: the BFF answers it as an attachment, with the session cookie. */
export function invoicePdfHref(id: string): string {
  return fillPath(endpoints.invoices.view.path, { params: { id } });
}

/**
 * The invoices table (billing-teams-apps §2): Invoice ID, Date (GMT), Paid and a download link
 * to the PDF. Plain links: they work with and without JavaScript.
 */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  return (
    <div className="invoices__scroll">
      <table className="table invoices">
        <thead>
          <tr>
            <th scope="col">{invoiceTexts.invoiceId}</th>
            <th scope="col">{invoiceTexts.date}</th>
            <th scope="col">{invoiceTexts.paid}</th>
            <th scope="col">
              <span className="visually-hidden">{invoiceTexts.download}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row" data-label={invoiceTexts.invoiceId}>
                {invoice.invoice_id}
              </th>
              <td data-label={invoiceTexts.date}>
                <time dateTime={invoice.created_at}>{formatDate(invoice.created_at, 'short')}</time>
              </td>
              <td data-label={invoiceTexts.paid}>
                {formatMoney(invoice.total, { cents: 'always' })}
              </td>
              <td className="invoices__actions">
                <a
                  className="button button--ghost"
                  href={invoicePdfHref(invoice.id)}
                  download
                  aria-label={invoiceTexts.downloadLabel(invoice.invoice_id)}
                >
                  {invoiceTexts.download}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
