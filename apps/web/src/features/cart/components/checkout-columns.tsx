import type { ReactNode } from 'react';

/*
 * The summary above the guest's details on phones, beside them (right) from md. The style comes before the columns
 * in the server's HTML (React hoists it, once), not per column as Mantine's Grid writes its inline styles: the
 * browser paints the server's placeholder while it streams in, and a column that arrives later must not move one
 * already on screen (a phone showed the details column jump down under the summary).
 */
const CSS = `
.checkout-columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: var(--mantine-spacing-xl); align-items: start; }
.checkout-columns > .checkout-summary { grid-row: 1; }
.checkout-columns > .checkout-details { grid-row: 2; }
@media (min-width: 62em) {
  .checkout-columns { grid-template-columns: minmax(0, 7fr) minmax(0, 5fr); }
  .checkout-columns > .checkout-details { grid-row: 1; grid-column: 1; }
  .checkout-columns > .checkout-summary { grid-row: 1; grid-column: 2; }
}`;

/** The checkout's two columns; `summary` and `details` are placed by the stylesheet whatever their order in the document. */
export function CheckoutColumns({ summary, details, summaryFirst = false }: { summary: ReactNode; details: ReactNode; summaryFirst?: boolean }) {
  const summaryColumn = <div className="checkout-summary">{summary}</div>;
  const detailsColumn = <div className="checkout-details">{details}</div>;
  return (
    <>
      <style href="tavolo-checkout-columns" precedence="default">
        {CSS}
      </style>
      <div className="checkout-columns">
        {summaryFirst ? summaryColumn : detailsColumn}
        {summaryFirst ? detailsColumn : summaryColumn}
      </div>
    </>
  );
}
