import { useState } from 'react';
import '../../../ui/game-screens.css';
import '../../../ui/admin.css';
import { OrdersAdmin, StripeAccountAdmin, stripeReturn } from '../../payments/index.ts';
import { useCompetitions } from '../api/game-api.ts';
import { ScreensAdmin } from '../screens/admin/screens-admin.tsx';
import { CompetitionsAdmin } from './competitions-admin.tsx';
import { FootballDataSection } from './football-data-admin.tsx';
import { ResultsAdmin } from './results-admin.tsx';

type Tab = 'competitions' | 'results' | 'orders' | 'payments' | 'screens';

const tabs: [Tab, string][] = [
  ['competitions', 'Competitions'],
  ['results', 'Results'],
  ['orders', 'Orders'],
  ['payments', 'Payments'],
  ['screens', 'TV screens'],
];

/** The game and orders part of the admin area. */
export function GameAdmin() {
  // Stripe's hosted onboarding sends the admin back to the card payments tab.
  const [tab, setTab] = useState<Tab>(() => (stripeReturn() ? 'payments' : 'competitions'));
  const competitions = useCompetitions();
  return (
    <div className="game-admin">
      <div className="admin-tabs" role="tablist" aria-label="Admin section">
        {tabs.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            data-tab={value}
            aria-selected={tab === value}
            className={tab === value ? 'admin-tab selected' : 'admin-tab'}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'competitions' ? (
        <>
          <CompetitionsAdmin />
          <FootballDataSection />
        </>
      ) : tab === 'results' ? (
        <ResultsAdmin />
      ) : tab === 'orders' ? (
        <OrdersAdmin competitions={competitions.data?.competitions ?? []} />
      ) : tab === 'screens' ? (
        <ScreensAdmin />
      ) : (
        <StripeAccountAdmin />
      )}
    </div>
  );
}
