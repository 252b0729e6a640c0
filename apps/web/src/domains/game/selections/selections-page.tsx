import { IonButton, IonContent } from '@ionic/react';
import type { CompetitionDetail, OrderList } from '@lastman/api';
import { formatPence, londonDate } from '@lastman/api/format';
import { useQueries } from '@tanstack/react-query';
import { receiptOutline } from 'ionicons/icons';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { competitionQuery, useCompetitions } from '../api/game-api.ts';
import { EntryStatusPill, outcomeClass, outcomeLabel } from '../components/status-pill.tsx';
import '../../../ui/game-screens.css';
import { OrderStatusBadge, useMyOrders } from '../../payments/index.ts';

type OrderRow = OrderList['orders'][number];

/** "Orders" in the menu: my entries, the order each came from, and its picks round by round. */
export function SelectionsPage() {
  const competitions = useCompetitions();
  const orders = useMyOrders();
  const mine = (competitions.data?.competitions ?? []).filter((c) => c.myEntries > 0 && c.status !== 'draft');
  const details = useQueries({ queries: mine.map((c) => competitionQuery(c.id)) });
  const orderOf = new Map<string, OrderRow>();
  for (const o of orders.data?.orders ?? []) for (const e of o.entries) orderOf.set(e.id, o);
  const loading = competitions.isPending || orders.isPending || details.some((d) => d.isPending);
  const error = competitions.error ?? orders.error ?? details.find((d) => d.error)?.error ?? null;
  const loaded = details.flatMap((d) => (d.data ? [d.data] : []));
  return (
    <>
      <PageHeader
        title="Orders"
        end={
          <IonButton routerLink="/payments" fill="clear">
            Payments
          </IonButton>
        }
      />
      <IonContent className="ion-padding">
        <div className="page-wide">
          {loading ? (
            <InlineLoading label="Loading your entries…" />
          ) : error ? (
            <p role="alert">{error.message}</p>
          ) : loaded.length === 0 ? (
            <EmptyState
              icon={receiptOutline}
              title="No entries yet"
              actions={<IonButton routerLink="/app/tabs/game">Go to the game</IonButton>}
            >
              <p>When you join or buy entries to a competition, each entry and its picks appear here.</p>
            </EmptyState>
          ) : (
            loaded.map((d) => <CompetitionEntries key={d.competition.id} detail={d} orderOf={orderOf} />)
          )}
        </div>
      </IonContent>
    </>
  );
}

function CompetitionEntries({
  detail,
  orderOf,
}: {
  detail: CompetitionDetail;
  orderOf: Map<string, OrderRow>;
}) {
  return (
    <section className="card" aria-label={detail.competition.name}>
      <h2>{detail.competition.name}</h2>
      <ul className="list-plain">
        {detail.myEntries.map((e, i) => {
          const order = orderOf.get(e.id);
          return (
            <li key={e.id} className="order" data-entry={i + 1}>
              <div className="row">
                <h3>Entry {i + 1}</h3>
                <EntryStatusPill
                  status={e.status}
                  round={e.eliminatedRound}
                  removedByClub={e.removedByClub}
                  outByCorrection={e.outByCorrection}
                />
              </div>
              <p className="muted small">
                {order ? (
                  <>
                    Order of {londonDate(order.createdAt)} · {formatPence(order.amountPence)} for{' '}
                    {order.entryCount} {order.entryCount === 1 ? 'entry' : 'entries'} ·{' '}
                    <OrderStatusBadge status={order.status} />
                  </>
                ) : (
                  <>Free entry, joined {londonDate(e.createdAt)}</>
                )}
              </p>
              {e.picks.length === 0 ? (
                <p className="muted small">No picks yet.</p>
              ) : (
                <table className="picks-table">
                  <thead>
                    <tr>
                      <th scope="col">Round</th>
                      <th scope="col">Team</th>
                      <th scope="col">Result</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...e.picks]
                      .sort((a, b) => a.round - b.round)
                      .map((p) => (
                        <tr key={p.round}>
                          <td>{p.round}</td>
                          <td>
                            {p.teamName}
                            {p.auto ? ' (auto)' : ''}
                          </td>
                          <td className={outcomeClass(p)}>{outcomeLabel(p)}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
