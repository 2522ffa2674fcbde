// Raised by source (R38) on the Dashboard: a plain SVG bar chart (no chart library: five bars) and the same figures as a
// table, with the goal.
import { formatMoney } from '../../shared/money';
import { RaisedProgress } from '../donations/raised-progress';
import type { Raised } from '../donations/queries';
import { Card } from '../ui/card';
import { ColumnHeads } from '../ui/column-heads';

const SOURCES = [
  { key: 'teams', label: 'Teams' },
  { key: 'items', label: 'Sponsorships' },
  { key: 'addons', label: 'Add-ons' },
  { key: 'donations', label: 'Gifts' },
  { key: 'auction', label: 'Auction' },
] as const;

export function RaisedChart({ raised, currency }: { raised: Omit<Raised, 'currency'>; currency: string }) {
  const values = SOURCES.map((s) => ({ ...s, cents: raised.raisedBySource[s.key] }));
  const max = Math.max(1, ...values.map((v) => v.cents));
  const rowHeight = 36;
  // A narrow drawing, so its words stay readable when a phone scales it down.
  const labelWidth = 100;
  const width = 360;
  const barSpace = width - labelWidth - 96;
  return (
    <Card compact className="flex flex-col gap-4 sm:p-5">
      <h2 className="text-lg font-semibold">Raised</h2>
      <RaisedProgress raised={raised} currency={currency} />
      <svg
        role="img"
        aria-labelledby="raised-chart-title"
        viewBox={`0 0 ${width} ${values.length * rowHeight}`}
        className="w-full max-w-md"
      >
        <title id="raised-chart-title">
          Raised by source: {values.map((v) => `${v.label} ${formatMoney(v.cents, currency)}`).join(', ')}
        </title>
        {values.map((v, i) => {
          const barWidth = Math.round((v.cents / max) * barSpace);
          const y = i * rowHeight;
          return (
            <g key={v.key} data-source={v.key}>
              <text x={0} y={y + rowHeight / 2 + 5} className="fill-stone-700 text-[13px]">
                {v.label}
              </text>
              <rect x={labelWidth} y={y + 6} width={barSpace} height={rowHeight - 12} rx={4} className="fill-stone-100" />
              <rect x={labelWidth} y={y + 6} width={barWidth} height={rowHeight - 12} rx={4} className="fill-brand-700" />
              <text x={labelWidth + barSpace + 8} y={y + rowHeight / 2 + 5} className="fill-stone-900 text-[13px] font-semibold">
                {formatMoney(v.cents, currency)}
              </text>
            </g>
          );
        })}
      </svg>
      <div>
        <table className="w-full max-w-md text-left text-sm">
          <caption className="sr-only">Raised by source</caption>
          <thead>
            <ColumnHeads
              className="border-b border-stone-200"
              cellClassName="py-1.5 font-semibold text-stone-700"
              columns={[
                ['Source', 'pr-3'],
                ['Raised', 'text-right'],
              ]}
            />
          </thead>
          <tbody>
            {values.map((v) => (
              <tr key={v.key} className="border-b border-stone-100">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {v.label}
                </th>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(v.cents, currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-1.5 pr-3">
                Total
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums">{formatMoney(raised.raisedCents, currency)}</td>
            </tr>
            {raised.goalCents ? (
              <tr>
                <th scope="row" className="py-1.5 pr-3 font-normal text-stone-700">
                  Goal
                </th>
                <td className="py-1.5 text-right tabular-nums text-stone-700">{formatMoney(raised.goalCents, currency)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </div>
    </Card>
  );
}
