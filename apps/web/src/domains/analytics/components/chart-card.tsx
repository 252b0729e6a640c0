import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { type ReactNode, useId } from 'react';
import { type CsvRow, downloadCsv, toCsv } from '../csv.ts';

export interface Table {
  header: readonly string[];
  /** As shown on screen. */
  rows: readonly (readonly ReactNode[])[];
  /** As written to the CSV file: plain numbers (money in pounds with two decimals, hours), no currency signs. */
  csvHeader: readonly string[];
  csvRows: readonly CsvRow[];
}

/**
 * One figure of the analytics: a heading, a plain-English summary line, the chart (when there is
 * something to draw) and its table beside it, and a button that downloads the table as CSV.
 */
export function ChartCard({
  title,
  summary,
  chart,
  table,
  filename,
  empty,
  testId,
  wideTable = false,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: Table;
  /** Without `.csv`. */
  filename: string;
  /** Shown instead of chart and table when there are no rows. */
  empty?: string | undefined;
  testId: string;
  /** A table of many columns: under the chart on every screen, so all its columns show on a desktop. */
  wideTable?: boolean;
}) {
  const headingId = useId();
  const hasRows = table.rows.length > 0;
  return (
    <section className="card analytics-card" aria-labelledby={headingId} data-testid={testId}>
      <div className="analytics-card__head">
        <h2 id={headingId}>{title}</h2>
        {hasRows ? (
          <IonButton
            fill="outline"
            size="small"
            className="analytics-csv"
            onClick={() => downloadCsv(`${filename}.csv`, toCsv(table.csvHeader, table.csvRows))}
          >
            <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
            CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
          </IonButton>
        ) : null}
      </div>
      {/* With nothing to show, the one line says so: the summary, not the same words twice. */}
      <p className={hasRows ? 'analytics-summary' : 'analytics-summary analytics-empty'}>
        {hasRows ? summary : (empty ?? summary)}
      </p>
      {hasRows ? (
        <div className={`analytics-card__body${wideTable ? ' analytics-card__body--stacked' : ''}`}>
          <figure className="analytics-chart">{chart}</figure>
          {/* A wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
          <section className="analytics-table-wrap" tabIndex={0} aria-label={`${title}: table`}>
            <table className="picks-table analytics-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {table.header.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed list for one answer
                  <tr key={i}>
                    {r.map((c, j) =>
                      j === 0 ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                        <th key={j} scope="row">
                          {c}
                        </th>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                        <td key={j}>{c}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      ) : null}
    </section>
  );
}
