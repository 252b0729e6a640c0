import { useState } from 'react';
import '../../../ui/game-screens.css';
import './admin.css';
import { CompetitionsAdmin } from './competitions-admin.tsx';
import { OrdersAdmin } from './orders-admin.tsx';
import { ResultsAdmin } from './results-admin.tsx';

type Tab = 'competitions' | 'results' | 'orders';

const tabs: [Tab, string][] = [
  ['competitions', 'Competitions'],
  ['results', 'Results'],
  ['orders', 'Orders'],
];

/** The game and orders part of the admin area. */
export function GameAdmin() {
  const [tab, setTab] = useState<Tab>('competitions');
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
        <CompetitionsAdmin />
      ) : tab === 'results' ? (
        <ResultsAdmin />
      ) : (
        <OrdersAdmin />
      )}
    </div>
  );
}
